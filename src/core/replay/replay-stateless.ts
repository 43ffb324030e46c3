import type { ReplayContext, ReplayPlanner } from './replay-context';
import type { SentShapes } from './sent-types';
import { replayExact } from './replay-exact';
import { replayWindow } from './replay-window';
import { replayImportance } from './replay-importance';
import { replayMasking } from './replay-masking';

/**
 * A strategy that prunes the whole history before every request, by its fastest form that gives the exact answer.
 */
export function replayStateless(context: ReplayContext, planner: ReplayPlanner): SentShapes {
  switch (planner.config.strategy) {
    case 'sliding-window':
    case 'summarize':
      return replayWindow(context, planner);
    case 'importance':
      return replayImportance(context, planner);
    case 'observation-masking':
      return replayMasking(context, planner);
    default:
      return replayExact(context, planner);
  }
}
