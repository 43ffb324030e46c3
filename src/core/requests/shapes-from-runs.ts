import type { ReplayContext } from './replay-context';
import type { SentRuns, SentShapes } from './sent-types';
import { compareSentRuns } from './compare-sent-runs';
import { responseFollows } from './response-follows';

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
