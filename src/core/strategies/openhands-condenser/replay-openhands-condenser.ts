import type { Message } from '../../types';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentItems, SentRuns, SentShapes } from '../../requests/sent-types';
import { replayExact } from '../../requests/replay-exact';
import { planRequestView } from '../../requests/plan-request-view';
import { createSpanSummaries } from '../../requests/create-span-summaries';
import { sentItemsOf } from '../../requests/sent-items-of';
import { unwrapPeerSummary } from '../../compaction/unwrap-peer-summary';
import { peerSummaryTokens } from '../../compaction/peer-summary-tokens';
import { eventsOf } from './events-of';
import type { OpenHandsCondenserSettings } from './plan-openhands-condenser';
import { firstTrue } from '../../plan/first-true';

/**
 * OpenHands' condensers, stateless, without planning each request's history: the same cuts `planOpenHandsCondenser`
 * makes (the first `keep_first` events, a tail of events or of tokens, both on whole units), found by binary search
 * over the context's event counts and the request's token sums, and the summary of the middle resumed from the
 * previous request's (`createSpanSummaries`: the middle starts at `keep_first` and ends later as the view grows). A
 * request that ends inside a unit of the context is planned afresh.
 */
export function replayOpenHandsCondenser(context: ReplayContext, planner: ReplayPlanner<OpenHandsCondenserSettings>): SentShapes {
  const { counts, messages } = context;
  const { settings } = planner;
  const fixed = settings.request.fixedTokens;
  const summaries = createSpanSummaries(context, unwrapPeerSummary);
  // Per context start: events before each of its messages.
  const starts = new Map<number, Float64Array>();
  const eventStarts = (start: number): Float64Array => {
    let found = starts.get(start);
    if (found === undefined) {
      const count = context.segment(start).count;
      found = new Float64Array(count + 1);
      for (let k = 0; k < count; k++) found[k + 1] = (found[k] as number) + eventsOf(messages[start + k] as Message);
      starts.set(start, found);
    }
    return found;
  };
  return replayExact(context, planner, ({ request: r, start, end, turnStart }): SentItems | SentRuns => {
    const n = end - start;
    const { cutAtOrBefore, cutAtOrAfter } = context.segment(start);
    if (cutAtOrBefore[n] !== n) return summaries.rekey(planRequestView(context, planner, r));
    const eventStart = eventStarts(start);
    const events = eventStart[n] as number;
    const sum = counts.sum(start, end, turnStart);
    const forEvents = events > settings.maxSize;
    const forTokens = settings.condenseAtTokens > 0 && fixed + sum > settings.condenseAtTokens;
    const whole: SentRuns = { headTokens: 0, runs: n > 0 ? [start, end] : [], turnStart, total: sum };
    if (!forEvents && !forTokens) return whole;
    // Events per message are at least one, so event starts rise strictly: the plan's walks back are searches.
    let tailStart = n;
    if (forEvents) {
      const tailEvents = Math.floor(settings.maxSize / 2) - settings.keepFirst - (settings.condenser === 'llm-summarizing' ? 1 : 0);
      tailStart = firstTrue(n, (j) => (eventStart[j] as number) >= events - tailEvents);
    }
    if (forTokens) tailStart = Math.max(tailStart, firstTrue(n, (j) => fixed + counts.sum(start + j, end, turnStart) <= settings.condenseAtTokens / 2));
    const first = firstTrue(n, (j) => (eventStart[j] as number) >= settings.keepFirst);
    const from = cutAtOrAfter[first] as number;
    const lastCut = n === 0 ? 0 : (cutAtOrBefore[n - 1] as number);
    const to = Math.min(cutAtOrAfter[Math.max(tailStart, from)] as number, lastCut);
    if (to <= from) return whole;
    const replaced = counts.sum(start + from, start + to, turnStart);
    if (settings.condenser === 'amortized-forgetting') {
      return { headTokens: 0, runs: from > 0 ? [start, start + from, start + to, end] : [start + to, end], turnStart, total: sum - replaced };
    }
    const summary = summaries.of(start + from, start + to, { prefix: '', summaryTokens: peerSummaryTokens(settings.summaryTokens, replaced) });
    if (from === 0) return { headKey: summary.key, headTokens: summary.tokens, runs: [start + to, end], turnStart, total: summary.tokens + sum - replaced };
    return sentItemsOf([[start, start + from], summary, [start + to, end]], turnStart, counts);
  });
}
