import type { Message } from '../types';
import type { RecordedRequest } from '../usage/types';
import { startsTurn } from '../text/starts-turn';

/** The requests of a transcript, in order, with what every replay needs to know of each. */
export interface ReplayRequests {
  count: number;
  /** Per request: the assistant message it produced; it held the messages before it. */
  messageIndex: Int32Array;
  /** Per request: the first message it held (the latest context start at or before it). */
  contextStart: Int32Array;
  /** Per request: where its turn began (the last user message before it that is not only tool results; 0 if none). */
  turnStart: Int32Array;
  /** Per request: its output tokens, recorded or estimated. */
  outputTokens: Float64Array;
  /** Per request: 1 when `outputTokens` was recorded. */
  outputRecorded: Uint8Array;
  /** Per request: 1 when the cache had expired since the previous request (from `messageTimes` and the TTL). */
  cold: Uint8Array;
}

/**
 * Every assistant message is one request. Its output is the recorded `outputTokens` when the file has them, else the
 * message's own count (what the model wrote, thinking included; hidden reasoning is only known when recorded). A
 * request is cold when both it and the previous one have a time and they lie more than `ttlMs` apart.
 */
export function listReplayRequests(
  messages: readonly Message[],
  tokens: ArrayLike<number>,
  starts: readonly number[],
  recorded: readonly RecordedRequest[],
  times: ArrayLike<number> | undefined,
  ttlMs: number | undefined,
): ReplayRequests {
  const indices: number[] = [];
  for (let i = 0; i < messages.length; i++) if (messages[i]?.role === 'assistant') indices.push(i);
  const count = indices.length;
  const sortedStarts = [...new Set(starts)].sort((a, b) => a - b);
  const output = new Map<number, number>();
  for (const request of recorded) if (!output.has(request.messageIndex)) output.set(request.messageIndex, request.outputTokens);

  const result: ReplayRequests = {
    count,
    messageIndex: Int32Array.from(indices),
    contextStart: new Int32Array(count),
    turnStart: new Int32Array(count),
    outputTokens: new Float64Array(count),
    outputRecorded: new Uint8Array(count),
    cold: new Uint8Array(count),
  };
  let start = 0;
  let nextStart = 0;
  let turn = 0;
  let scanned = 0;
  for (let r = 0; r < count; r++) {
    const a = indices[r] as number;
    while (nextStart < sortedStarts.length && (sortedStarts[nextStart] as number) <= a) start = sortedStarts[nextStart++] as number;
    for (; scanned < a; scanned++) if (startsTurn(messages[scanned])) turn = scanned;
    result.contextStart[r] = start;
    result.turnStart[r] = turn;
    const recordedOutput = output.get(a);
    result.outputTokens[r] = recordedOutput ?? (tokens[a] as number);
    result.outputRecorded[r] = recordedOutput === undefined ? 0 : 1;
    if (r > 0 && times !== undefined && ttlMs !== undefined) {
      const gap = (times[a] as number) - (times[indices[r - 1] as number] as number);
      result.cold[r] = gap > ttlMs ? 1 : 0;
    }
  }
  return result;
}
