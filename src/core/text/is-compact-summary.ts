import { COMPACT_SUMMARY_PREFIX } from './harness-text';

/** Whether `text` is a Claude Code compact summary: it starts with the summary's fixed opening, after any whitespace. */
export function isCompactSummary(text: string): boolean {
  return text.startsWith(COMPACT_SUMMARY_PREFIX) || (text.length > 0 && text.charCodeAt(0) <= 32 && text.trimStart().startsWith(COMPACT_SUMMARY_PREFIX));
}
