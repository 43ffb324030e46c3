import type { Message } from '../types';
import { analyzeForGovernor } from './analyze-for-governor';
import { scoreGovernorUnits, type GovernorScoreOptions } from './score-governor-units';
import { fillGovernorBudget, type GovernorBudget, type GovernorPlan } from './fill-governor-budget';

export type GovernorInput = GovernorBudget & GovernorScoreOptions;

/**
 * The intent-aware Context Governor (seed 004) in one call: analyze the transcript (`analyzeForGovernor`: units,
 * their types, the detected intent, the TF-IDF index), score every unit under the intent's profile
 * (`scoreGovernorUnits`), and fill the token budget (`fillGovernorBudget`). Returns per-message fates
 * (`GOVERNOR_FATE`: kept 0, dropped 1, summarized 2, masked 3), the replacement messages, and per unit its type,
 * evidence and score terms, with the intent used and the tokens kept.
 *
 * For many budgets over one transcript (a slider), call the three steps: analyze once, score once per query and
 * weights, fill per budget. O(n log n); the input is never mutated, and the same input gives the same plan.
 *
 * @throws {TypeError | RangeError} for bad input, naming the field and what is allowed
 */
export function planGovernor(messages: readonly Message[], input: GovernorInput): GovernorPlan {
  const analysis = analyzeForGovernor(messages);
  const { intent, query, weights, typeWeights } = input ?? {};
  const scores = scoreGovernorUnits(analysis, {
    ...(intent === undefined ? {} : { intent }),
    ...(query === undefined ? {} : { query }),
    ...(weights === undefined ? {} : { weights }),
    ...(typeWeights === undefined ? {} : { typeWeights }),
  });
  return fillGovernorBudget(analysis, scores, input);
}
