import { describeValue } from '../tokens/describe-value';
import type { Message } from '../types';
import type { RecordedTotal, TotalComparison } from './types';

/** What `compareWithRecordedTotal` needs beside the messages, their counts and the total. */
export interface CompareWithRecordedTotalOptions {
  /** Tokens of the system prompt the file holds (`countSystemTokens`), sent with every request. Default is 0. */
  systemTokens?: number;
  /**
   * Indices where the agent's own compaction restarted its context (a request holds the messages from the latest
   * start at or before it). Default is none: every request holds every message before it.
   */
  contextStarts?: readonly number[];
}

/**
 * Holds a run's recorded total against the requests the messages show: each assistant message is the reply to one
 * request, which held the messages before it (from its context start) and the system prompt. The sum of those
 * counted inputs is what the total's `inputTokens` should come to, less what the file does not hold (tool
 * definitions; requeries after a format error, which SWE-agent counts and does not keep), which is the `residual`.
 *
 * @param counts One count per message (`countMessageTokens` over the whole conversation).
 * @throws {TypeError} when `messages` is not an array, `counts` is shorter than it, or `total` is not an object.
 * @throws {RangeError} when `systemTokens` is negative.
 */
export function compareWithRecordedTotal(
  messages: readonly Message[],
  counts: ArrayLike<number>,
  total: RecordedTotal,
  options: CompareWithRecordedTotalOptions = {},
): TotalComparison {
  if (!Array.isArray(messages)) throw new TypeError(`compareWithRecordedTotal: messages is ${describeValue(messages)}; expected an array of messages.`);
  if (counts === null || typeof counts !== 'object' || typeof counts.length !== 'number' || counts.length < messages.length) {
    throw new TypeError(`compareWithRecordedTotal: counts must hold one count per message (${messages.length}), got ${describeValue(counts?.length ?? counts)}.`);
  }
  if (total === null || typeof total !== 'object') throw new TypeError(`compareWithRecordedTotal: total is ${describeValue(total)}; expected a RecordedTotal (readRecordedTotal).`);
  const systemTokens = options.systemTokens ?? 0;
  if (typeof systemTokens !== 'number' || !Number.isFinite(systemTokens) || systemTokens < 0) {
    throw new RangeError(`compareWithRecordedTotal: systemTokens is ${describeValue(systemTokens)}; expected a number of 0 or more.`);
  }
  const starts = [...(options.contextStarts ?? [])].sort((a, b) => a - b);
  let next = 0;
  let held = 0;
  let requests = 0;
  let input = 0;
  let output = 0;
  for (let i = 0; i < messages.length; i++) {
    while (next < starts.length && (starts[next] as number) <= i) {
      // A compaction: the requests from here hold only the messages from its start.
      const start = starts[next] as number;
      next++;
      held = 0;
      for (let k = start; k < i; k++) held += counts[k] ?? 0;
    }
    if (messages[i]?.role === 'assistant') {
      requests++;
      input += held + systemTokens;
      output += counts[i] ?? 0;
    }
    held += counts[i] ?? 0;
  }
  const comparison: TotalComparison = { total, countedRequests: requests, countedInputTokens: input, countedOutputTokens: output };
  if (typeof total.inputTokens === 'number') comparison.residual = total.inputTokens - input;
  return comparison;
}
