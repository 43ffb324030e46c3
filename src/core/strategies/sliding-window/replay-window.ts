import type { CheckedBound } from '../../plan/types';
import type { Message } from '../../types';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentRuns, SentShapes } from '../../requests/sent-types';
import { shapesFromRuns } from '../../requests/shapes-from-runs';
import { planRequestView } from '../../requests/plan-request-view';
import { runsFromItems } from '../../requests/runs-from-items';
import { firstTrue } from '../../plan/first-true';

/**
 * Sliding window and summarize (with `summary`, the message that stands for the `replaced` messages before the cut),
 * stateless, in O(log n) per request: the same cut `planWindow` finds over each
 * request's history, found over the analysis of its whole context instead.
 *
 * Why that is the same: tool links are made left to right, so a history's links are the context's that end before
 * it; and when a request's message starts no unit that reaches back before it (it is a valid cut of the context's
 * analysis), the history's units are exactly the context's units before it, so its valid cuts are the context's up
 * to it. Token sums come from prefix sums of the request's counts. Requests inside a unit that reaches past them (a
 * call answered later, an orphan's glued turn) are planned afresh (`planRequestView`).
 */
export function replayWindow(context: ReplayContext, planner: ReplayPlanner, summary?: (replaced: number) => Message): SentShapes {
  const { counts, counter, synthetic } = context;
  const bound: CheckedBound = { maxTurns: planner.settings.maxTurns, maxTokens: planner.settings.maxTokens };
  const summarize = summary !== undefined;
  const summaryTokens = new Map<number, number>();
  const planSummary = (replaced: number): number => {
    let tokens = summaryTokens.get(replaced);
    if (tokens === undefined) {
      tokens = counter.count((summary as (replaced: number) => Message)(replaced).content as string);
      summaryTokens.set(replaced, tokens);
    }
    return tokens;
  };
  return shapesFromRuns(context, ({ request: r, start, end, turnStart }): SentRuns => {
    const n = end - start;
    const total = counts.sum(start, end, turnStart);
    let runs: SentRuns | undefined;
    if (n === 0 || (n <= bound.maxTurns && total <= bound.maxTokens)) {
      runs = { headTokens: 0, runs: n > 0 ? [start, end] : [], turnStart, total };
    } else {
      const { cutAtOrBefore, cutAtOrAfter } = context.segment(start);
      if (cutAtOrBefore[n] === n) {
        const suffix = (x: number): number => counts.sum(start + x, end, turnStart);
        const byTurns = n > bound.maxTurns ? (cutAtOrBefore[n - bound.maxTurns] as number) : 0;
        const floorCut = cutAtOrBefore[n - 1] as number;
        let cut = byTurns;
        if (total > bound.maxTokens) {
          let headroom = 0;
          for (let round = 0; round < 2; round++) {
            cut = Math.max(byTurns, cutAtOrAfter[firstTrue(n, (x) => suffix(x) <= bound.maxTokens - headroom)] as number);
            if (!summarize || cut === 0) break;
            headroom = planSummary(Math.min(cut, floorCut));
          }
        }
        cut = Math.min(cut, floorCut);
        if (cut === 0) runs = { headTokens: 0, runs: [start, end], turnStart, total };
        else {
          const kept = counts.sum(start + cut, end, turnStart);
          runs = { headTokens: 0, runs: [start + cut, end], turnStart, total: kept };
          if (summarize) {
            const message = (summary as (replaced: number) => Message)(cut);
            runs.headKey = synthetic.insertKey(message);
            runs.headTokens = synthetic.tokens(runs.headKey, message);
            runs.total += runs.headTokens;
          }
        }
      } else {
        runs = runsFromItems(planRequestView(context, planner, r), turnStart);
        if (runs === undefined) throw new Error(`replayWindow: the ${planner.config.strategy} plan for request ${r} is not a head and a suffix`);
      }
    }
    return runs;
  });
}
