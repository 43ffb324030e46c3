import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import { listToolResults, type ToolResultTable } from '../../links/list-tool-results';
import { tokenShare } from '../../compaction/token-share';
import { resultPlaceholder } from './result-placeholder';
import { resultLineCount } from './result-line-count';
import { holdsResultPlaceholder } from './holds-result-placeholder';

/** What masking's replacements need of a transcript whatever the budget, found once per analysis. */
export interface MaskedResultIndex {
  results: ToolResultTable;
  /** The results held by message m: `resultStart[m] .. resultStart[m + 1]` (the table lists them in message order). */
  resultStart: Int32Array;
  /** The results whose call is in message m: `callOrder[callStart[m] .. callStart[m + 1])`, ascending. */
  callStart: Int32Array;
  callOrder: Int32Array;
  /** Per result: 1 when its content already is masking's placeholder (an earlier prune cleared it). */
  alreadyCleared: Uint8Array;
  /** Result r's tokens (its share of its message) and placeholder line: the same at every budget. */
  tokens(r: number): number;
  placeholder(r: number): string;
  /**
   * Message m masked as `key` says (which of its results and of its calls' inputs are cleared), made by `make` when
   * m was last masked otherwise: the same object while it is cleared the same way, whatever the budget.
   */
  maskedMessage(m: number, key: string, make: () => Message): Message;
}

const cache = new WeakMap<TranscriptAnalysis, { tokens: TranscriptAnalysis['tokens']; index: MaskedResultIndex }>();

/**
 * Where each message's results and calls are in the tool-result table, and each result's placeholder (built when
 * first asked: the line count reads the whole result), cached per analysis. A budget change then rebuilds a masked
 * message from its own few entries, instead of every cleared result's placeholder again (issue 24: the scorecard asks
 * for every masked message a probe points at, each re-plan).
 */
export function maskedResultIndex(analysis: TranscriptAnalysis): MaskedResultIndex {
  const known = cache.get(analysis);
  // Counts swapped in place would change every share: a new table then (the worker makes a new analysis instead).
  if (known && known.tokens === analysis.tokens) return known.index;
  const results = listToolResults(analysis);
  const { count, messages } = analysis;
  const resultStart = new Int32Array(count + 1);
  const callStart = new Int32Array(count + 1);
  const alreadyCleared = new Uint8Array(results.count);
  for (let r = 0; r < results.count; r++) {
    const m = results.message[r] as number;
    (resultStart[m + 1] as number)++;
    if (holdsResultPlaceholder(messages[m], results.block[r] as number, results.chars[r] as number)) alreadyCleared[r] = 1;
    const call = results.callMessage[r] as number;
    if (call >= 0) (callStart[call + 1] as number)++;
  }
  for (let m = 0; m < count; m++) {
    resultStart[m + 1] = (resultStart[m + 1] as number) + (resultStart[m] as number);
    callStart[m + 1] = (callStart[m + 1] as number) + (callStart[m] as number);
  }
  const callOrder = new Int32Array(callStart[count] as number);
  const filled = callStart.slice(0, count);
  for (let r = 0; r < results.count; r++) {
    const call = results.callMessage[r] as number;
    if (call >= 0) callOrder[(filled[call] as number)++] = r;
  }
  const shares = new Float64Array(results.count).fill(-1);
  const texts: (string | undefined)[] = new Array<string | undefined>(results.count);
  const tokens = (r: number): number => {
    if ((shares[r] as number) < 0) shares[r] = tokenShare(analysis, results.message[r] as number, results.chars[r] as number);
    return shares[r] as number;
  };
  const masked = new Map<number, { key: string; message: Message }>();
  const index: MaskedResultIndex = {
    results,
    resultStart,
    callStart,
    callOrder,
    alreadyCleared,
    tokens,
    placeholder(r) {
      let text = texts[r];
      if (text === undefined) {
        const message = messages[results.message[r] as number] as Message;
        const block = (message.content as readonly { content?: unknown }[])[results.block[r] as number];
        text = texts[r] = resultPlaceholder(resultLineCount(block?.content), tokens(r));
      }
      return text;
    },
    maskedMessage(m, key, make) {
      const known = masked.get(m);
      if (known !== undefined && known.key === key) return known.message;
      const message = make();
      masked.set(m, { key, message });
      return message;
    },
  };
  cache.set(analysis, { tokens: analysis.tokens, index });
  return index;
}
