import type { ReplayContext, ReplayPlanner } from './replay-context';
import type { SentItems, SentShapes } from './sent-types';
import { planRequestView } from './plan-request-view';
import { compareSentItems } from './compare-sent-items';

/**
 * The stateless replay of any strategy, planned afresh before every request over the whole history: exact, and
 * O(n) per request (the analysis and the plan), so O(n²) over a transcript. The strategies whose plan depends on all
 * of the history (the token budget's summary of the middle, the governor's TF-IDF and intent) take this path; the
 * others have incremental forms that give the same answer.
 */
export function replayExact(context: ReplayContext, planner: ReplayPlanner): SentShapes {
  const { count } = context.requests;
  const shapes: SentShapes = { sent: new Float64Array(count), common: new Float64Array(count), extends: new Uint8Array(count), follows: new Uint8Array(count) };
  const follows = shapes.follows as Uint8Array;
  let previous: SentItems | undefined;
  for (let r = 0; r < count; r++) {
    const items = planRequestView(context, planner, r);
    shapes.sent[r] = items.total;
    const continuation = previous === undefined ? { common: 0, extends: true } : compareSentItems(previous, items);
    shapes.common[r] = continuation.common;
    shapes.extends[r] = continuation.extends ? 1 : 0;
    // The previous response, as the model wrote it, is the item after the previous request's.
    if (previous !== undefined && continuation.extends && items.keys[previous.keys.length] === context.requests.messageIndex[r - 1]) follows[r] = 1;
    previous = items;
  }
  return shapes;
}
