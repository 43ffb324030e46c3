import type { StrategyPlan } from '../plan/types';
import type { Probe, ScorecardFacts } from '../advisor/probes/types';
import type { Scorecard } from './types';
import { probeFates } from '../advisor/probes/probe-fates';

/**
 * A plan's scorecard: a view of its fates on the scorecard's probes (`probeFates`, the rule the advisor's
 * `scoreProbes` tallies, so the two never disagree on a masked or summarized message; its per-family tally is not
 * needed here). The task and prompts count when still sent; a file when still named, sent or in a summary. O(n) plus
 * the summaries' search.
 */
export function scorePlan(facts: ScorecardFacts, plan: Pick<StrategyPlan, 'fates' | 'inserts' | 'replacement'>): Scorecard {
  const { probes } = facts;
  const fates = probeFates(probes, plan);
  let task: boolean | undefined;
  let prompts = 0;
  let errors = 0;
  let named = 0;
  for (let k = 0; k < probes.length; k++) {
    const kind = (probes[k] as Probe).kind;
    const fate = fates[k];
    if (kind === 'task') task = fate === 'kept';
    else if (kind === 'request' && fate === 'kept') prompts++;
    else if (kind === 'error' && fate === 'kept') errors++;
    else if (kind === 'file' && fate !== 'lost') named++;
  }
  // The task counts among the prompts when a person typed it (not when it is a compaction's summary).
  if (task === true && facts.prompts[0] === facts.task) prompts++;
  return {
    task,
    prompts: { kept: prompts, total: facts.prompts.length },
    errors: { kept: errors, total: facts.errors.length },
    files: { named, total: facts.files.size },
  };
}
