import type { ContextEntry } from './items-from-plan';
import { itemsFromPlan } from './items-from-plan';
import { planEntries } from './plan-entries';
import type { ReplayContext, ReplayPlanner } from './replay-context';
import type { SentItems } from './sent-types';

/**
 * What request `r` sends under a strategy that prunes the whole history before it: the messages from its context
 * start, counted as the request counts them, planned afresh (or kept whole when the strategy is known to keep them).
 * O(messages) and the strategy's plan: the replay's exact path, and the fast paths' fallback.
 */
export function planRequestView(context: ReplayContext, planner: ReplayPlanner, r: number): SentItems {
  const { requests, counts, messages } = context;
  const start = requests.contextStart[r] as number;
  const end = requests.messageIndex[r] as number;
  const turnStart = requests.turnStart[r] as number;
  const entries: ContextEntry[] = [];
  let total = 0;
  for (let i = start; i < end; i++) {
    const tokens = counts.count(i, turnStart);
    entries.push({ key: i < turnStart && !counts.fixed(i) ? -(i + 1) : i, tokens, source: i });
    total += tokens;
  }
  if (planner.keepsEverything(entries.length, total)) {
    return { keys: entries.map((e) => e.key), tokens: entries.map((e) => e.tokens), sources: entries.map((e) => e.source), total };
  }
  const view = messages.slice(start, end);
  return itemsFromPlan(planEntries(view, entries, planner, context.counter), view, entries, context.synthetic);
}
