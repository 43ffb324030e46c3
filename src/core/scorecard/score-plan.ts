import type { StrategyPlan } from '../plan/types';
import type { Scorecard, ScorecardFacts } from './types';
import { FATE } from '../plan/fate';

/**
 * A plan's scorecard: whether the task is still sent, and how many of the prompts, failed results and files touched
 * the agent still has. Sent means kept, or masked (a masked message keeps its text and calls; only old results are
 * cleared). A file counts as named when a sent call names it or a summary the plan adds mentions its path. O(n).
 */
export function scorePlan(facts: ScorecardFacts, plan: Pick<StrategyPlan, 'fates' | 'inserts'>): Scorecard {
  const sent = (i: number) => plan.fates[i] === FATE.kept || plan.fates[i] === FATE.masked;
  const count = (list: readonly number[]) => list.reduce((n, i) => n + (sent(i) ? 1 : 0), 0);
  const summaries = plan.inserts.map((insert) => (typeof insert.message.content === 'string' ? insert.message.content : JSON.stringify(insert.message.content)));
  let named = 0;
  for (const [path, at] of facts.files) {
    if (at.some(sent) || summaries.some((text) => text.includes(path))) named++;
  }
  return {
    task: facts.task < 0 ? undefined : sent(facts.task),
    prompts: { kept: count(facts.prompts), total: facts.prompts.length },
    errors: { kept: count(facts.errors), total: facts.errors.length },
    files: { named, total: facts.files.size },
  };
}
