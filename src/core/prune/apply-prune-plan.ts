import type { Message } from '../types';
import type { PrunePlan } from './plan-prune';
import { FATE } from './fate';
import { createSummaryMessage } from '../summary/create-summary-message';

/**
 * Builds the pruned array a plan describes: the kept messages, the very same objects, in input order, after
 * the summary message when the plan summarized any. Never touches `messages`.
 */
export function applyPrunePlan(messages: readonly Message[], plan: PrunePlan): Message[] {
  const { fates } = plan;
  if (fates.length !== messages.length) {
    throw new RangeError(
      `applyPrunePlan: the plan is for ${fates.length} messages but ${messages.length} were given`,
    );
  }
  const out: Message[] = [];
  if (plan.summarized > 0) out.push(createSummaryMessage(plan.summarized));
  for (let i = 0; i < messages.length; i++) {
    if (fates[i] === FATE.kept) out.push(messages[i] as Message);
  }
  return out;
}
