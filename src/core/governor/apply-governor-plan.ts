import type { Message } from '../types';
import { GOVERNOR_FATE } from './constants';

/**
 * The messages a governor plan sends, in input order: kept messages are the input's own objects, summarized and
 * masked ones their replacements (`plan.replacements`), dropped ones left out. Never mutates `messages`.
 *
 * @throws {RangeError} when the plan was made for a different number of messages
 */
export function applyGovernorPlan(
  messages: readonly Message[],
  plan: { fates: Uint8Array; replacements: ReadonlyMap<number, Message> },
): Message[] {
  if (plan.fates.length !== messages.length) {
    throw new RangeError(`applyGovernorPlan: the plan has ${plan.fates.length} fates for ${messages.length} messages`);
  }
  const out: Message[] = [];
  for (let i = 0; i < messages.length; i++) {
    const fate = plan.fates[i];
    if (fate === GOVERNOR_FATE.dropped) continue;
    out.push(fate === GOVERNOR_FATE.kept ? (messages[i] as Message) : (plan.replacements.get(i) ?? (messages[i] as Message)));
  }
  return out;
}
