import type { PlanInsert, StrategyPlan } from '../plan/types';
import type { TokenCounter } from '../tokens/types';
import type { SummaryStandIn } from './find-summary-stand-ins';

/**
 * A copy of `plan` with the text of some summaries it inserts written by someone else (a model): each stand-in of
 * `findSummaryStandIns` whose `texts` entry is a string gets its framing, then that text; the others stay as they
 * were. Tokens are recounted with `counter`, and the plan says it is over its token bound when the new text made it
 * so (or no longer is). Fates are unchanged, so tool pairs stay whole; `plan` itself is never changed.
 */
export function replaceSummaries<Id extends string>(
  plan: StrategyPlan<Id>,
  standIns: readonly SummaryStandIn[],
  texts: readonly (string | undefined)[],
  counter: TokenCounter,
): StrategyPlan<Id> {
  const inserts: PlanInsert[] = plan.inserts.slice();
  let added = 0;
  standIns.forEach((standIn, k) => {
    const text = texts[k];
    const insert = plan.inserts[standIn.insert];
    if (text === undefined || insert === undefined) return;
    const content = `${standIn.framing}${text}`;
    const tokens = counter.count(content);
    added += tokens - insert.tokens;
    inserts[standIn.insert] = { ...insert, message: { ...insert.message, content }, tokens };
  });
  const tokens = plan.tokens + added;
  const copy: StrategyPlan<Id> = { ...plan, inserts, tokens };
  const bound = plan.bound.maxTokens;
  if (tokens > bound) {
    copy.over = { unit: 'tokens', by: tokens - bound, why: `the model's summaries hold ${added} tokens more than the extractive ones the plan was made with` };
  } else if (plan.over?.unit === 'tokens') {
    delete copy.over;
  }
  return copy;
}
