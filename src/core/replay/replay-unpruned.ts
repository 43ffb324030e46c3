import type { ReplayContext } from './replay-context';
import type { SentRuns, SentShapes } from './sent-types';
import { compareSentRuns } from './compare-sent-runs';

/** No pruning: every request sends the messages from its context start, as they are. O(1) per request. */
export function replayUnpruned(context: ReplayContext): SentShapes {
  const { requests, counts } = context;
  const { count } = requests;
  const shapes: SentShapes = { sent: new Float64Array(count), common: new Float64Array(count), extends: new Uint8Array(count) };
  let previous: SentRuns | undefined;
  for (let r = 0; r < count; r++) {
    const start = requests.contextStart[r] as number;
    const end = requests.messageIndex[r] as number;
    const turnStart = requests.turnStart[r] as number;
    const runs: SentRuns = { headTokens: 0, runs: end > start ? [start, end] : [], turnStart, total: counts.sum(start, end, turnStart) };
    const continuation = previous === undefined ? { common: 0, extends: true } : compareSentRuns(previous, runs, counts);
    shapes.sent[r] = runs.total;
    shapes.common[r] = continuation.common;
    shapes.extends[r] = continuation.extends ? 1 : 0;
    previous = runs;
  }
  return shapes;
}
