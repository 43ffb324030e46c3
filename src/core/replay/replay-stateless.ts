import type { ReplayContext, ReplayPlanner } from './replay-context';
import type { SentShapes } from './sent-types';
import { replayExact } from './replay-exact';

/**
 * A strategy that prunes the whole history before every request, by its fastest form that gives the exact answer.
 */
export function replayStateless(context: ReplayContext, planner: ReplayPlanner): SentShapes {
  return replayExact(context, planner);
}
