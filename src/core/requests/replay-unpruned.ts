import type { ReplayContext } from './replay-context';
import type { SentShapes } from './sent-types';
import { shapesFromRuns } from './shapes-from-runs';

/** No pruning: every request sends the messages from its context start, as they are. O(1) per request. */
export function replayUnpruned(context: ReplayContext): SentShapes {
  const { counts } = context;
  return shapesFromRuns(context, ({ start, end, turnStart }) => ({
    headTokens: 0,
    runs: end > start ? [start, end] : [],
    turnStart,
    total: counts.sum(start, end, turnStart),
  }));
}
