import type { Message, PrunerConfig } from '../types';
import { applyPrunePlan } from './apply-prune-plan';
import { checkedTarget } from './checked-target';
import { createSummaryMessage } from '../summary/create-summary-message';
import { findWindowCut } from '../links/find-window-cut';
import { groupMessages } from '../links/group-messages';
import { planPrune } from './plan-prune';
import { scoreMessages } from '../scoring/score-messages';

/**
 * Prunes a conversation to at most `config.maxTurns` messages without leaving a tool call or result without
 * its partner, so the API accepts the request.
 *
 * - Returns a new array; the kept messages are the input objects themselves, in input order; never mutates.
 * - Deterministic: the same input and config give the same output.
 * - Keeps at least one message (the most recent) for non-empty input; `maxTurns` counts messages.
 * - Messages linked through tool ids (a call, its result, parallel calls answered together) are kept or dropped
 *   as one group. Sliding window and summarize may therefore keep more than `maxTurns`; importance keeps more
 *   only when the last message's group alone is larger.
 * - `summarize` puts `[Previous context: N turns summarized]` (role user) first, N = messages replaced.
 * - An input that already has orphans is pruned without adding any.
 *
 * See `planPrune` for each strategy's rule. O(n) for sliding window and summarize, O(n log n) for importance.
 *
 * @param messages Anthropic Messages-shaped conversation (`{ role, content }`), oldest first.
 * @param config `strategy`: `'sliding-window' | 'summarize' | 'importance'`; `maxTurns`: message bound (≥ 0).
 * @throws {TypeError} when `messages` is not an array, or the config is invalid (see `planPrune`)
 */
export function pruneMessages(messages: readonly Message[], config: PrunerConfig): Message[] {
  if (!Array.isArray(messages)) {
    throw new TypeError(`pruneMessages: messages must be an array, got ${messages === null ? 'null' : typeof messages}`);
  }
  if (config?.strategy === 'importance') {
    const groups = groupMessages(messages);
    // One bound only: score the groups, and let planPrune select the lowest ones instead of sorting them all.
    return applyPrunePlan(messages, planPrune({ ...groups, ...scoreMessages(groups) }, config));
  }
  // The window strategies need only the kept suffix and what it links to: no full analysis.
  const target = checkedTarget(config);
  const cut = findWindowCut(messages, target);
  const kept = messages.slice(cut);
  return config.strategy === 'summarize' && cut > 0 ? [createSummaryMessage(cut), ...kept] : kept;
}
