import type { ReplayContext, ReplayPlanner } from './replay-context';
import type { SentShapes } from './sent-types';
import { replayExact } from './replay-exact';
import { replayWindow } from './replay-window';
import { replayImportance } from './replay-importance';
import { replayMasking } from './replay-masking';

/**
 * A strategy that prunes the whole history before every request, by its fastest form that gives the exact answer.
 * Pins hold a message's unit, which can grow as later messages link to it, so the window and masking forms (which
 * read the units of the whole context) give way to planning each request afresh when anything is pinned.
 */
export function replayStateless(context: ReplayContext, planner: ReplayPlanner): SentShapes {
  const pinned = planner.config.pinned !== undefined && planner.config.pinned.length > 0;
  switch (planner.config.strategy) {
    case 'sliding-window':
    case 'summarize':
      return pinned ? replayExact(context, planner) : replayWindow(context, planner);
    case 'importance':
      return replayImportance(context, planner);
    case 'observation-masking':
      return pinned ? replayExact(context, planner) : replayMasking(context, planner);
    default:
      return replayExact(context, planner);
  }
}
