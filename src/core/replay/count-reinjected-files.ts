import type { ContentBlock, Message } from '../types';
import type { TokenCounter } from '../tokens/types';
import { countMessageTokens } from '../tokens/count-message-tokens';

/** Claude Code's limits on what it re-reads after a compaction (2.1.88 `compact.ts`: POST_COMPACT_*). */
const MAX_FILES = 5;
const MAX_TOKENS_PER_FILE = 5_000;
const MAX_TOKENS = 50_000;

/**
 * Tokens of the files Claude Code attaches again after compacting messages `from` … `to` − 1: the up to 5 files
 * read last (by the `Read` tool), at most 5,000 tokens each and 50,000 in all. The file at compaction time is not
 * in the transcript, so each is sized by its latest `Read` result there. Hook output and the plan file, which it
 * attaches too, are not in the file at all.
 */
export function countReinjectedFiles(messages: readonly Message[], from: number, to: number, counter: TokenCounter): number {
  const paths = new Map<string, string>();
  const results = new Map<string, ContentBlock>();
  for (let i = from; i < to; i++) {
    const content = messages[i]?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content) {
      const b = block as { type?: unknown; name?: unknown; id?: unknown; input?: unknown; tool_use_id?: unknown; is_error?: unknown };
      if (b.type === 'tool_use' && b.name === 'Read' && typeof b.id === 'string') {
        const path = (b.input as { file_path?: unknown } | null)?.file_path;
        if (typeof path === 'string') paths.set(b.id, path);
      } else if (b.type === 'tool_result' && typeof b.tool_use_id === 'string') {
        const path = paths.get(b.tool_use_id);
        if (path === undefined || b.is_error === true) continue;
        // Latest read last: a Map keeps insertion order, so re-insert.
        results.delete(path);
        results.set(path, block);
      }
    }
  }
  let total = 0;
  const latest = [...results.values()].slice(-MAX_FILES);
  for (const block of latest) {
    const tokens = countMessageTokens([{ role: 'user', content: [block] }], counter)[0] as number;
    total += Math.min(tokens, MAX_TOKENS_PER_FILE);
  }
  return Math.min(total, MAX_TOKENS);
}
