import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { CheckedBound, PlanInsert, StrategyPlan } from '../../plan/types';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';

/**
 * The window strategies' plan: keep a suffix, cut where no tool group is split.
 *
 * - A message bound keeps at least the last `maxTurns` messages: a cut inside a group moves earlier, to the group's
 *   first message (seed 001), so it may keep more.
 * - A token bound keeps the newest messages whose tokens fit (with the summary's, when `summary` is given): a cut
 *   inside a group moves later, past the group, so the budget holds.
 * - Both: the later of the two cuts. The most recent message is always kept (with its group); when that alone is
 *   over the budget, the plan says by how much.
 *
 * O(log n) to find the cut over the analysis' prefix sums and valid cuts, then one fill of the fates.
 */
export function planWindow<Id extends string>(
  analysis: TranscriptAnalysis,
  strategy: Id,
  bound: CheckedBound,
  summary?: { message: (replaced: number) => Message; tokens: (message: Message) => number },
): StrategyPlan<Id> {
  const { count, suffixTokens, cutAtOrBefore, cutAtOrAfter } = analysis;
  const total = suffixTokens[0] as number;
  const plan = emptyPlan(strategy, bound, count, total);
  if (count === 0 || (count <= bound.maxTurns && total <= bound.maxTokens)) return plan;

  const byTurns = count > bound.maxTurns ? (cutAtOrBefore[count - bound.maxTurns] as number) : 0;
  const floorCut = cutAtOrBefore[count - 1] as number;
  let cut = byTurns;
  let insert: PlanInsert | undefined;
  if (total > bound.maxTokens) {
    // The summary's size hardly depends on how many messages it replaces: size it for a first guess, then once more.
    let summaryTokens = 0;
    for (let round = 0; round < 2; round++) {
      const budget = bound.maxTokens - summaryTokens;
      const fits = firstFittingCut(suffixTokens, budget);
      cut = Math.max(byTurns, cutAtOrAfter[fits] as number);
      if (!summary || cut === 0) break;
      const message = summary.message(Math.min(cut, floorCut));
      summaryTokens = summary.tokens(message);
    }
  }
  let floored = false;
  if (cut > floorCut) {
    cut = floorCut;
    floored = true;
  }
  if (cut === 0) return withOverrun(plan, bound, floored);

  const fate = summary ? FATE.summarized : FATE.dropped;
  plan.fates.fill(fate, 0, cut);
  plan.reasons.fill(summary ? REASON.replacedBySummary : REASON.outsideWindow, 0, cut);
  if (floored) {
    plan.reasons.fill(REASON.floor, cut, count);
  } else {
    const windowStart = Math.max(cut, count - Math.min(bound.maxTurns, count));
    plan.reasons.fill(REASON.pulledByPair, cut, windowStart);
    plan.reasons.fill(REASON.recentWindow, windowStart, count);
  }
  plan.kept = count - cut;
  if (summary) {
    const message = summary.message(cut);
    insert = { before: cut, message, replaces: cut, tokens: summary.tokens(message) };
    plan.inserts = [insert];
    plan.summarized = cut;
  } else {
    plan.dropped = cut;
  }
  plan.tokens = (suffixTokens[cut] as number) + (insert?.tokens ?? 0);
  return withOverrun(plan, bound, floored);
}

function withOverrun<P extends StrategyPlan>(plan: P, bound: CheckedBound, floored: boolean): P {
  if (plan.kept > bound.maxTurns) {
    // Seed 001: the window keeps more rather than split a pair; say so, it is by design, not a failure.
    plan.over = {
      unit: 'messages',
      by: plan.kept - bound.maxTurns,
      why: floored && plan.kept === 1 ? 'at least 1 message is always kept' : 'to keep a tool call with its result',
    };
  }
  if (plan.tokens > bound.maxTokens) {
    plan.over = {
      unit: 'tokens',
      by: plan.tokens - bound.maxTokens,
      why: floored
        ? 'the most recent message, with the tool calls it answers, is larger than the budget on its own'
        : 'the summary message does not fit beside the most recent message',
    };
  }
  return plan;
}

/** The smallest cut whose suffix fits `budget` tokens (`count` when not even the last message fits). */
function firstFittingCut(suffixTokens: Float64Array, budget: number): number {
  let lo = 0;
  let hi = suffixTokens.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((suffixTokens[mid] as number) <= budget) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
