import type { Detection, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';

/**
 * A Claude Code session is JSON Lines with at least one `user` or `assistant` record holding a `message`. Nothing
 * else writes such records, so a match is certain; JSONL that does not match is still close (the other JSONL format,
 * Codex rollouts, claims lines with a `payload` more strongly).
 */
export function detectClaudeCode(source: TranscriptSource): Detection {
  if (source.kind === 'document') {
    return { reads: false, confidence: 0, reason: 'it is a single JSON document, and a Claude Code session is JSON Lines' };
  }
  for (const { line, value } of source.lines) {
    if (isRecord(value) && (value.type === 'user' || value.type === 'assistant') && isRecord(value.message)) {
      return { reads: true, confidence: 1, reason: `line ${line} is a \`${value.type}\` record with a \`message\`` };
    }
  }
  return { reads: false, confidence: 0.2, reason: 'no line is a `user` or `assistant` record with a `message`' };
}
