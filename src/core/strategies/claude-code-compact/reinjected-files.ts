import type { ContentBlock, Message } from '../../types';
import type { TokenCounter } from '../../tokens/types';
import type { ToolResultTable } from '../../links/list-tool-results';
import { toolResultText } from '../../text/tool-result-text';
import { CLAUDE_CODE_TEXTS } from './claude-code-texts';
import { readPath } from './read-path';
import { readResults } from './read-results';
import { firstTrue } from '../../plan/first-true';

/** A file Claude Code re-reads after a compaction: its message, and its tokens as the budget counts them. */
export interface ReinjectedFile {
  message: Message;
  tokens: number;
}

/**
 * The files Claude Code re-reads after a compaction of the messages before `end`, of a view of the first `stop`
 * messages whose tool results are `results` (in message order): the most recently read ones (by `Read` calls before
 * `end`) not read again in the kept messages, each cut to its token limit, within the budget. The text is the last
 * result the transcript holds for it, not the file as it is on disk then. `file(r, limit, build)` may give a file
 * built before for result r and that limit (a replay's cache); default: `build()`.
 */
export function reinjectedFiles(
  messages: readonly Message[],
  results: ToolResultTable,
  end: number,
  stop: number,
  counter: TokenCounter,
  settings: { maxFiles: number; maxFileTokens: number; fileBudget: number },
  reads: Int32Array = readResults(messages, results),
  file: (r: number, limit: number, build: () => ReinjectedFile | undefined) => ReinjectedFile | undefined = (_r, _limit, build) => build(),
): ReinjectedFile[] {
  // Reads are in message order: those from `end` to `stop` are in the kept messages, those before `end` summarized.
  const readsEnd = firstTrue(reads.length, (j) => (results.message[reads[j] as number] as number) >= stop);
  const firstKeptRead = firstTrue(reads.length, (j) => (results.message[reads[j] as number] as number) >= end);
  const seen = new Set<string>();
  for (let k = readsEnd - 1; k >= firstKeptRead; k--) seen.add(readPath(messages, results, reads[k] as number) as string);
  const out: ReinjectedFile[] = [];
  let budget = settings.fileBudget;
  for (let k = firstKeptRead - 1; k >= 0 && out.length < settings.maxFiles && budget > 0; k--) {
    const r = reads[k] as number;
    const path = readPath(messages, results, r) as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const m = results.message[r] as number;
    const block = ((messages[m] as Message).content as ContentBlock[])[results.block[r] as number] as { content?: unknown; is_error?: unknown };
    if (block.is_error === true) continue;
    const limit = Math.min(settings.maxFileTokens, budget);
    const found = file(r, limit, () => {
      const text = fitTokens(toolResultText(block.content), limit, counter.count.bind(counter));
      if (text === '' || text === CLAUDE_CODE_TEXTS.clearedResult) return undefined;
      const content = `Called the Read tool with the following input: ${JSON.stringify({ file_path: path })}\nResult of calling the Read tool: ${text}`;
      return { message: { role: 'user', content }, tokens: counter.count(content) };
    });
    if (found === undefined) continue;
    budget -= found.tokens;
    out.push(found);
  }
  return out.reverse();
}

/**
 * `text` cut to at most `limit` tokens: each try scales the length by limit ÷ tokens, 2% short, since tokens per
 * character vary along a file and an exact cut would usually land a token or two over; a few counts at most. After 20
 * tries the text is empty rather than over.
 */
function fitTokens(text: string, limit: number, count: (text: string) => number): string {
  let cut = text;
  for (let guard = 0; guard < 20; guard++) {
    const tokens = cut.length > 0 ? count(cut) : 0;
    if (tokens <= limit) return cut;
    cut = cut.slice(0, Math.floor(((cut.length * limit) / Math.max(1, tokens)) * 0.98));
  }
  return '';
}
