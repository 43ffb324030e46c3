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
  if (inserts.length === 0 && !plan.replacement) {
    // Kept messages only, counted first: pushing 20k of them copied the growing array a dozen times (half a MB of
    // garbage per call at 100k messages).
    let kept = 0;
    for (let i = 0; i < fates.length; i++) if (fates[i] === FATE.kept) kept++;
    const only = new Array<Message>(kept);
    for (let i = 0, k = 0; k < kept; i++) if (fates[i] === FATE.kept) only[k++] = messages[i] as Message;
    return only;
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
