import type { Message } from '../../types';
import type { OpenHandsCondenserSettings } from './plan-openhands-condenser';
import { eventsOf } from './events-of';

/**
 * Whether the condenser's trigger is short of firing on this view (its plan then keeps every message): at most
 * `max_size` events and, when `max_tokens` is set, at most that many tokens. Events are counted from the messages
 * (a message stands for at least one), so without them only a view of more than `max_size` messages is known to
 * fire, and the answer is no. A live agent looks at its view before every step; counting the held messages' events
 * costs far less than the analysis a plan needs (at 100k messages live, 50,000 plans for 952 condensations).
 */
export function condenserKeepsEverything(settings: OpenHandsCondenserSettings, count: number, total: number, messages?: readonly Message[]): boolean {
  if (count === 0) return true;
  if (settings.condenseAtTokens > 0 && settings.request.fixedTokens + total > settings.condenseAtTokens) return false;
  if (messages === undefined || count > settings.maxSize) return false;
  let events = 0;
  for (let i = 0; i < messages.length; i++) {
    events += eventsOf(messages[i] as Message);
    if (events > settings.maxSize) return false;
  }
  return true;
}
