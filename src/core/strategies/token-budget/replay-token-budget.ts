import type { Message } from '../../types';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentItems, SentRuns, SentShapes } from '../../requests/sent-types';
import { replayExact } from '../../requests/replay-exact';
import { planRequestView } from '../../requests/plan-request-view';
import { createSpanSummaries } from '../../requests/create-span-summaries';
import { sentItemsOf } from '../../requests/sent-items-of';
import { isContextSummary } from '../../summary/is-context-summary';
import type { TokenBudgetSettings } from './plan-token-budget';

/**
 * The token budget, stateless, without planning each request's history: the cut `selectTokenBudgetCut` makes, on
 * the context's valid cuts (the pinned prefix widened to the next cut, the recent tail to the one before it, and
 * above the hard limit the tail given up a unit at a time), its summary of the middle resumed from the previous
 * request's (`createSpanSummaries`: the middle starts after the prefix and ends later as the history grows; when
 * a new turn shrinks earlier counts and the tail reaches back, the summary starts afresh), and the plan's refusals
 * (no fresh turn in the middle, a result not smaller). With `pinTask` each request is planned afresh (the task's
 * unit kept in the middle), and so is a request that ends inside a unit of the context.
 */
export function replayTokenBudget(context: ReplayContext, planner: ReplayPlanner<TokenBudgetSettings>): SentShapes {
  const { counts, messages } = context;
  const { settings } = planner;
  const shared = settings.maxTokens !== Infinity && !settings.ownLimits;
  const soft = shared ? settings.maxTokens : settings.softLimitTokens;
  const hard = shared ? settings.maxTokens : settings.hardLimitTokens;
  const summaries = createSpanSummaries(context);
  // Per context start: earlier summaries before each message (none is fresh), and the first one.
  const marks = new Map<number, { before: Int32Array; first: number }>();
  const summariesIn = (start: number): { before: Int32Array; first: number } => {
    let found = marks.get(start);
    if (found === undefined) {
      const count = context.segment(start).count;
      const before = new Int32Array(count + 1);
      let first = count;
      for (let k = 0; k < count; k++) {
        const is = isContextSummary((messages[start + k] as Message).content);
        if (is && first === count) first = k;
        before[k + 1] = (before[k] as number) + (is ? 1 : 0);
      }
      found = { before, first };
      marks.set(start, found);
    }
    return found;
  };
  const wrapping = { prefix: '', summaryTokens: settings.summaryMaxTokens };
  return replayExact(context, planner, ({ request: r, start, end, turnStart }): SentItems | SentRuns => {
    const n = end - start;
    const { cutAtOrBefore, cutAtOrAfter } = context.segment(start);
    if (settings.pinTask || cutAtOrBefore[n] !== n) return summaries.rekey(planRequestView(context, planner, r));
    const total = counts.sum(start, end, turnStart);
    const whole: SentRuns = { headTokens: 0, runs: n > 0 ? [start, end] : [], turnStart, total };
    const { before, first } = summariesIn(start);
    const prefixEnd = cutAtOrAfter[Math.min(settings.pinnedPrefixTurns, n, first)] as number;
    let tailStart = Math.max(cutAtOrBefore[n - Math.min(settings.recentTailTurns, n)] as number, prefixEnd);
    const floorStart = Math.max(cutAtOrBefore[n - 1] as number, prefixEnd);
    let kept = total - counts.sum(start + prefixEnd, start + tailStart, turnStart);
    if (total > hard) {
      while (kept > soft && tailStart < floorStart) {
        const next = cutAtOrAfter[tailStart + 1] as number;
        kept -= counts.sum(start + tailStart, start + next, turnStart);
        tailStart = next;
      }
    }
    // Only earlier summaries between the prefix and the tail (or nothing): the plan keeps everything.
    if (tailStart - prefixEnd - ((before[tailStart] as number) - (before[prefixEnd] as number)) <= 0) return whole;
    const summary = summaries.of(start + prefixEnd, start + tailStart, wrapping);
    if (kept + summary.contentTokens >= total) return whole;
    if (prefixEnd === 0) return { headKey: summary.key, headTokens: summary.tokens, runs: [start + tailStart, end], turnStart, total: summary.tokens + counts.sum(start + tailStart, end, turnStart) };
    return sentItemsOf([[start, start + prefixEnd], summary, [start + tailStart, end]], turnStart, counts);
  });
}
