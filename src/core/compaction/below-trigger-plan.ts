import type { TranscriptAnalysis } from '../plan/analyze-transcript';
import type { StrategyPlan } from '../plan/types';
import { REASON } from '../plan/reason';
import { emptyPlan } from '../plan/empty-plan';

/** A peer's plan when its trigger has not fired: every message kept as it is, each saying so, and why in `headline`. */
export function belowTriggerPlan<Id extends string>(strategy: Id, analysis: Pick<TranscriptAnalysis, 'count' | 'suffixTokens'>, headline: string): StrategyPlan<Id> {
  const plan = emptyPlan(strategy, { maxTurns: Infinity, maxTokens: Infinity }, analysis.count, analysis.suffixTokens[0] as number);
  plan.reasons.fill(REASON.belowTrigger);
  plan.explain = { headline, about: () => undefined };
  return plan;
}
