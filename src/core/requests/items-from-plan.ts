import type { Message } from '../types';
import type { StrategyPlan } from '../plan/types';
import { FATE } from '../plan/fate';
import type { SentItems } from './sent-types';
import type { SyntheticCounter } from './create-synthetic-counter';

/** One planned message of a context: what it is, for the items the plan's output becomes. */
export interface ContextEntry {
  key: number | string;
  tokens: number;
  /** The transcript message it is or stands in place of; -1 for an added message. */
  source: number;
}

/**
 * The items a plan over `entries` sends, in output order (as `applyPrunePlan` builds it): kept entries as they
 * were, a replacement for each masked or shortened one, each insert before the entry it precedes. `messages[k]` is
 * entry k's message, what the plan's replacements were built from.
 */
export function itemsFromPlan(
  plan: StrategyPlan,
  messages: readonly Message[],
  entries: readonly ContextEntry[],
  synthetic: SyntheticCounter,
): SentItems & { messages: Message[] } {
  const out: SentItems & { messages: Message[] } = { keys: [], tokens: [], sources: [], total: 0, messages: [] };
  const push = (key: number | string, tokens: number, source: number, message: Message): void => {
    out.keys.push(key);
    out.tokens.push(tokens);
    out.sources.push(source);
    out.messages.push(message);
    out.total += tokens;
  };
  const addInsert = (message: Message): void => {
    const key = synthetic.insertKey(message);
    push(key, synthetic.tokens(key, message), -1, message);
  };
  const { fates, inserts } = plan;
  let next = 0;
  for (let k = 0; k < entries.length; k++) {
    while (next < inserts.length && (inserts[next] as { before: number }).before <= k) addInsert((inserts[next++] as { message: Message }).message);
    const entry = entries[k] as ContextEntry;
    const fate = fates[k];
    if (fate === FATE.kept) push(entry.key, entry.tokens, entry.source, messages[k] as Message);
    else if (fate !== FATE.dropped && plan.replacement) {
      const replaced = plan.replacement(k);
      if (replaced !== undefined) {
        const key = synthetic.replacementKey(entry.source, replaced);
        push(key, synthetic.tokens(key, replaced), entry.source, replaced);
      }
    }
  }
  while (next < inserts.length) addInsert((inserts[next++] as { message: Message }).message);
  return out;
}
