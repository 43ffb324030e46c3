import type { StrategyPlan } from '../plan/types';
import type { ScorecardFacts } from '../advisor/probes/types';
import type { Scorecard } from './types';
import { scoreProbes } from '../advisor/probes/score-probes';

/**
 * A plan's scorecard: a view of its fates on the scorecard's probes (`scoreProbes`, the advisor's rule too, so the
 * two never disagree on a masked or summarized message). The task and prompts count when still sent; a file when
 * still named, sent or in a summary. O(n) plus the summaries' search.
 */
export function scorePlan(facts: ScorecardFacts, plan: Pick<StrategyPlan, 'fates' | 'inserts' | 'replacement'>): Scorecard {
  const { fates } = scoreProbes(facts.probes, plan);
  let task: boolean | undefined;
  let prompts = 0;
  let errors = 0;
  let named = 0;
  facts.probes.forEach((probe, k) => {
    const fate = fates[k];
    if (probe.kind === 'task') task = fate === 'kept';
    else if (probe.kind === 'request' && fate === 'kept') prompts++;
    else if (probe.kind === 'error' && fate === 'kept') errors++;
    else if (probe.kind === 'file' && fate !== 'lost') named++;
  });
  // The task counts among the prompts when a person typed it (not when it is a compaction's summary).
  if (task === true && facts.prompts[0] === facts.task) prompts++;
  return {
    task,
    prompts: { kept: prompts, total: facts.prompts.length },
    errors: { kept: errors, total: facts.errors.length },
    files: { named, total: facts.files.size },
  };
}
