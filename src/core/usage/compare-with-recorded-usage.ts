import { describeValue } from '../tokens/describe-value';
import { keepsPriorThinking } from '../tokens/keeps-prior-thinking';
import { resendsThinking } from '../tokens/resends-thinking';
import type { Message } from '../types';
import { startsTurn } from './starts-turn';
import type { RecordedRequest, RequestComparison, UsageComparison } from './types';

/** How `compareWithRecordedUsage` counts prunescope's side. */
export interface CompareWithRecordedUsageOptions {
  /** Tokens of the system prompt the file holds (`countSystemTokens`), added to every request. Default is 0. */
  systemTokens?: number;
  /**
   * One count per message without its thinking (`countMessageTokens` with `thinking: false`). When given, a request
   * whose model drops earlier turns' thinking (`keepsPriorThinking`) counts the messages before its turn with these,
   * and one whose model is sent no thinking at all (`resendsThinking`: Gemini) counts every message with these.
   * Default is none: every request counts every message whole.
   */
  countsWithoutThinking?: ArrayLike<number>;
}

/**
 * Sets each recorded request beside our count of what it held, so the UI can show how far the counts are from the
 * bill and what the file does not hold (`fixedTokens`: the first request's residual, mostly the system prompt and
 * tool definitions when the file has neither).
 *
 * A request held messages `contextStart` … `messageIndex` − 1. OpenAI reasoning is encrypted in the file, but the
 * requests after it in the same turn carry it; its size is known from the recorded `reasoningOutputTokens` and shown
 * as `hidden`, up to the next user message that is not only tool results (the API drops earlier turns' reasoning).
 *
 * @param counts One count per message (`countMessageTokens` over the whole conversation).
 * @throws {TypeError} when `messages` is not an array or `counts` (or `countsWithoutThinking`) is shorter than it.
 * @throws {RangeError} when a request's indices fall outside the messages, or `systemTokens` is negative.
 */
export function compareWithRecordedUsage(
  messages: readonly Message[],
  counts: ArrayLike<number>,
  requests: readonly RecordedRequest[],
  options: CompareWithRecordedUsageOptions = {},
): UsageComparison {
  if (!Array.isArray(messages)) {
    throw new TypeError(`compareWithRecordedUsage: messages is ${describeValue(messages)}; expected an array of messages.`);
  }
  if (counts === null || typeof counts !== 'object' || typeof counts.length !== 'number' || counts.length < messages.length) {
    throw new TypeError(
      `compareWithRecordedUsage: counts must hold one count per message (${messages.length}), got ${describeValue(counts?.length ?? counts)}.`,
    );
  }
  const { countsWithoutThinking } = options;
  if (countsWithoutThinking !== undefined && !(countsWithoutThinking?.length >= messages.length)) {
    throw new TypeError(
      `compareWithRecordedUsage: countsWithoutThinking must hold one count per message (${messages.length}), got ${describeValue(countsWithoutThinking?.length)}.`,
    );
  }
  const systemTokens = options.systemTokens ?? 0;
  if (typeof systemTokens !== 'number' || !Number.isFinite(systemTokens) || systemTokens < 0) {
    throw new RangeError(`compareWithRecordedUsage: systemTokens is ${describeValue(systemTokens)}; expected a number of 0 or more.`);
  }

  const prefix = prefixSums(counts, messages.length);
  const bare = countsWithoutThinking === undefined ? prefix : prefixSums(countsWithoutThinking, messages.length);
  const turnStart = lastTurnStarts(messages);

  const rows: RequestComparison[] = [];
  const ratios: number[] = [];
  let previous: RequestComparison | undefined;
  let reasoning: { messageIndex: number; tokens: number }[] = [];
  for (const request of requests) {
    const { messageIndex, contextStart } = request;
    if (!Number.isInteger(messageIndex) || messageIndex < 0 || messageIndex > messages.length) {
      throw new RangeError(
        `compareWithRecordedUsage: a request's messageIndex is ${describeValue(messageIndex)}; expected an integer from 0 to ${messages.length}.`,
      );
    }
    if (!Number.isInteger(contextStart) || contextStart < 0 || contextStart > messageIndex) {
      throw new RangeError(
        `compareWithRecordedUsage: a request's contextStart is ${describeValue(contextStart)}; expected an integer from 0 to its messageIndex ${messageIndex}.`,
      );
    }
    const turn = messageIndex === 0 ? 0 : (turnStart[messageIndex - 1] ?? 0);
    reasoning = reasoning.filter((r) => r.messageIndex >= turn && r.messageIndex < messageIndex);
    let hidden = 0;
    for (const r of reasoning) hidden += r.tokens;

    const recorded = request.inputTokens + request.cacheCreationInputTokens + request.cacheReadInputTokens;
    // Earlier turns' thinking is stripped by the API on models that do not keep it; Gemini's clients send none at all.
    const split = !resendsThinking(request.model) ? messageIndex : keepsPriorThinking(request.model) ? contextStart : Math.max(contextStart, turn);
    const counted = (bare[split] ?? 0) - (bare[contextStart] ?? 0) + (prefix[messageIndex] ?? 0) - (prefix[split] ?? 0) + systemTokens;
    const row: RequestComparison = { messageIndex, contextStart, recorded, counted, hidden, residual: recorded - counted - hidden };
    if (previous !== undefined && previous.contextStart === contextStart && previous.messageIndex < messageIndex) {
      row.recordedGrowth = recorded - previous.recorded;
      row.countedGrowth = counted + hidden - (previous.counted + previous.hidden);
      if (row.recordedGrowth !== 0) ratios.push(row.countedGrowth / row.recordedGrowth);
    }
    rows.push(row);
    previous = row;
    if ((request.reasoningOutputTokens ?? 0) > 0) reasoning.push({ messageIndex, tokens: request.reasoningOutputTokens ?? 0 });
  }
  return { requests: rows, fixedTokens: rows[0]?.residual, medianGrowthRatio: median(ratios) };
}

/** sums[i] = values[0] + … + values[i − 1], so the count of a run of messages is one subtraction. */
function prefixSums(values: ArrayLike<number>, length: number): Float64Array {
  const sums = new Float64Array(length + 1);
  for (let i = 0; i < length; i++) sums[i + 1] = (sums[i] ?? 0) + (values[i] ?? 0);
  return sums;
}

/**
 * For each message, the index of the last user message at or before it that is not only tool results: where the
 * current turn began. Tool results continue the turn the model is in; anything else the user sends starts a new one.
 */
function lastTurnStarts(messages: readonly Message[]): Int32Array {
  const starts = new Int32Array(messages.length);
  let start = 0;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (startsTurn(message)) start = i;
    starts[i] = start;
  }
  return starts;
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
