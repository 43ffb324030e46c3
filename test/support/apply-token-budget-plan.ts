import type { Message } from '../../src/core/types';
import { FATE } from '../../src/core/plan/fate';
import type { TokenBudgetPlan } from '../../src/core/context-pruner/types';

/**
 * Test support, not the library's: the library applies every plan with `applyPrunePlan` (the token-budget strategy's
 * plan included). This reads `planTokenBudgetPrune`'s own result, to hold it to the strategy's.
 *
 * The pruned messages a token-budget plan describes: the kept messages (the very same objects, in input order)
 * with the summary message (role user, `plan.summaryContent`) before input message `plan.summaryBefore`.
 * Returns a copy of `messages` when the plan did not prune. Never touches `messages`.
 *
 * @throws {RangeError} when the plan was made for a different number of messages
 */
export function applyTokenBudgetPlan<M extends Message>(messages: readonly M[], plan: TokenBudgetPlan): (M | Message)[] {
  if (plan.fates.length !== messages.length) {
    throw new RangeError(`applyTokenBudgetPlan: the plan is for ${plan.fates.length} messages but ${messages.length} were given`);
  }
  if (!plan.pruned || plan.summaryContent === undefined) return [...messages];
  const out: (M | Message)[] = [];
  for (let i = 0; i < messages.length; i++) {
    if (i === plan.summaryBefore) out.push({ role: 'user', content: plan.summaryContent });
    if (plan.fates[i] === FATE.kept) out.push(messages[i] as M);
  }
  if (plan.summaryBefore === messages.length) out.push({ role: 'user', content: plan.summaryContent });
  return out;
}
