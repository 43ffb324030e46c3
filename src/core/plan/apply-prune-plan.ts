import type { Message } from '../types';
import type { StrategyPlan as PrunePlan } from './types';
import { FATE } from './fate';

/**
 * Builds the output a plan describes: kept messages (the very same objects), masked ones (their replacement),
 * nothing for dropped ones or ones a summary stands for, and each insert right before the message it precedes.
 * Input order is kept. Never touches `messages`.
 */
export function applyPrunePlan(messages: readonly Message[], plan: PrunePlan): Message[] {
  const { fates, inserts } = plan;
  if (fates.length !== messages.length) {
    throw new RangeError(`applyPrunePlan: the plan is for ${fates.length} messages but ${messages.length} were given`);
  }
  const out: Message[] = [];
  let next = 0;
  for (let i = 0; i < messages.length; i++) {
    while (next < inserts.length && (inserts[next]?.before as number) <= i) out.push((inserts[next++] as { message: Message }).message);
    const fate = fates[i];
    if (fate === FATE.kept) out.push(messages[i] as Message);
    else if (fate !== FATE.dropped && plan.replacement) {
      const replaced = plan.replacement(i);
      if (replaced !== undefined) out.push(replaced);
    }
  }
  while (next < inserts.length) out.push((inserts[next++] as { message: Message }).message);
  return out;
}
