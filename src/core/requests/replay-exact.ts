import type { ReplayContext, ReplayPlanner } from './replay-context';
import type { SentItems, SentRuns, SentShapes } from './sent-types';
import type { TurnCounts } from './create-turn-counts';
import { planRequestView } from './plan-request-view';
import { compareSentItems } from './compare-sent-items';
import { compareSentRuns } from './compare-sent-runs';
import { responseFollows } from './response-follows';
import type { RequestSpan } from './shapes-from-runs';
import { sentItemsOf, type SentPart } from './sent-items-of';

/**
 * The stateless replay of any strategy, planned afresh before every request over the whole history: exact, and
 * O(n) per request (the analysis and the plan), so O(n²) over a transcript. The strategies whose plan depends on all
 * of the history (the token budget's summary of the middle, the governor's TF-IDF and intent) take this path; the
 * others have incremental forms that give the same answer.
 *
 * A request the strategy keeps whole (`keepsEverything`: below a peer's trigger, within a bound) is held as one run
 * of messages and compared with a previous whole one in O(1), so a strategy that never fires costs what no pruning
 * costs; its items are spelled out only beside a planned request, which costs O(n) anyway.
 */
export function replayExact(
  context: ReplayContext,
  planner: ReplayPlanner,
  sentAt: (span: RequestSpan) => SentItems | SentRuns = (span) => planRequestView(context, planner, span.request),
): SentShapes {
  const { count, contextStart, messageIndex, turnStart } = context.requests;
  const { counts } = context;
  const shapes: SentShapes = { sent: new Float64Array(count), common: new Float64Array(count), extends: new Uint8Array(count), follows: new Uint8Array(count) };
  const follows = shapes.follows as Uint8Array;
  let previous: SentItems | SentRuns | undefined;
  for (let r = 0; r < count; r++) {
    const start = contextStart[r] as number;
    const end = messageIndex[r] as number;
    const turn = turnStart[r] as number;
    const total = counts.sum(start, end, turn);
    const current: SentItems | SentRuns = planner.keepsEverything(end - start, total)
      ? { headTokens: 0, runs: end > start ? [start, end] : [], turnStart: turn, total }
      : sentAt({ request: r, start, end, turnStart: turn });
    shapes.sent[r] = current.total;
    const response = messageIndex[r - 1] as number;
    if (previous === undefined) {
      shapes.extends[r] = 1;
    } else if ('runs' in previous && 'runs' in current) {
      const continuation = compareSentRuns(previous, current, counts);
      shapes.common[r] = continuation.common;
      shapes.extends[r] = continuation.extends ? 1 : 0;
      if (continuation.extends && responseFollows(previous, current, response, counts)) follows[r] = 1;
    } else {
      const before = itemsOf(previous, counts);
      const items = itemsOf(current, counts);
      const continuation = compareSentItems(before, items);
      shapes.common[r] = continuation.common;
      shapes.extends[r] = continuation.extends ? 1 : 0;
      // The previous response, as the model wrote it, is the item after the previous request's.
      if (continuation.extends && items.keys[before.keys.length] === response) follows[r] = 1;
    }
    previous = current;
  }
  return shapes;
}

/** The items of a request, spelled out from its runs (kept whole, or a hook's head and runs). */
function itemsOf(sent: SentItems | SentRuns, counts: TurnCounts): SentItems {
  if (!('runs' in sent)) return sent;
  const parts: SentPart[] = sent.headKey === undefined ? [] : [{ key: sent.headKey, tokens: sent.headTokens }];
  for (let k = 0; k < sent.runs.length; k += 2) parts.push([sent.runs[k] as number, sent.runs[k + 1] as number]);
  return sentItemsOf(parts, sent.turnStart, counts);
}
