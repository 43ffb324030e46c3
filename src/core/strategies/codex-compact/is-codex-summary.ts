import { CODEX_SUMMARY_PREFIX } from './codex-summary-prefix';

/** Whether a text is a summary Codex wrote at a compaction: its summary prefix, then a line break. */
export function isCodexSummary(text: string): boolean {
  return text.startsWith(`${CODEX_SUMMARY_PREFIX}\n`);
}
