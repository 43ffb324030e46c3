import type { ReplayContext } from './replay-context';
import type { SentRuns, SentShapes } from './sent-types';
import { compareSentRuns } from './compare-sent-runs';
import type { TurnCounts } from './create-turn-counts';

/** One request of a replay: its context start, its end (the message it answers) and its turn start. */
export interface RequestSpan {
  request: number;
  start: number;
  end: number;
  turnStart: number;
}

/**
 * The shapes of every request whose items are a head and runs of messages (no pruning, the window strategies,
 * importance): `runsAt` says what request r sends, in request order, and each request is compared with the one before.
 */
export function shapesFromRuns(context: ReplayContext, runsAt: (span: RequestSpan) => SentRuns): SentShapes {
  const { requests, counts } = context;
  const { count } = requests;
  const shapes: SentShapes = { sent: new Float64Array(count), common: new Float64Array(count), extends: new Uint8Array(count), follows: new Uint8Array(count) };
  const follows = shapes.follows as Uint8Array;
  const span: RequestSpan = { request: 0, start: 0, end: 0, turnStart: 0 };
  let previous: SentRuns | undefined;
  for (let r = 0; r < count; r++) {
    span.request = r;
    span.start = requests.contextStart[r] as number;
    span.end = requests.messageIndex[r] as number;
    span.turnStart = requests.turnStart[r] as number;
    const runs = runsAt(span);
    const continuation = previous === undefined ? { common: 0, extends: true } : compareSentRuns(previous, runs, counts);
    shapes.sent[r] = runs.total;
    shapes.common[r] = continuation.common;
    shapes.extends[r] = continuation.extends ? 1 : 0;
    if (previous !== undefined && continuation.extends && responseFollows(previous, runs, requests.messageIndex[r - 1] as number, counts)) follows[r] = 1;
    previous = runs;
  }
  return shapes;
}

/**
 * Whether `current`, which begins with all of `previous`'s items, sends the previous request's response next, in the
 * form the model wrote it: the response is in its runs, no message of them lies between `previous`'s last one and
 * it, and its turn has not ended (or it counts the same in later turns). From the last runs back: O(1) mostly.
 */
function responseFollows(previous: SentRuns, current: SentRuns, response: number, counts: TurnCounts): boolean {
  const { runs } = current;
  const end = previous.runs.length > 0 ? (previous.runs[previous.runs.length - 1] as number) : -1;
  let k = runs.length - 2;
  while (k >= 0 && (runs[k] as number) > response) k -= 2;
  if (k < 0 || response >= (runs[k + 1] as number)) return false;
  const next = (runs[k] as number) < response ? end === response : k === 0 || (runs[k - 1] as number) <= end;
  return next && (response >= current.turnStart || counts.fixed(response));
}
