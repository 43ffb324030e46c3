import type { Message } from '../types';
import type { PrunerConfig } from '../strategies/registry';
import { getStrategy } from '../strategies/get-strategy';
import { normalizeConfig } from '../strategies/normalize-config';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { applyPrunePlan } from '../plan/apply-prune-plan';
import { checkConfigObject } from './check-config-object';
import { checkCanonicalMessages } from '../shapes/check-canonical-messages';
import type { PrunableMessage } from './prunable-message';
import { canonicalView } from './canonical-view';
import { canonicalCodec } from './canonical-codec';
import { pruneView } from './prune-view';

/**
 * Prunes a conversation to fit a bound without leaving a tool call or result without its partner, so the API
 * accepts the request.
 *
 * - Returns a new array; kept messages are the input objects themselves, in input order; never mutates.
 * - Deterministic: the same input and config give the same output.
 * - Keeps at least one message (the most recent) for non-empty input; `maxTurns` counts messages.
 * - Messages linked through tool ids (a call, its result, parallel calls answered together) are kept or dropped
 *   as one group. Sliding window and summarize may therefore keep more than `maxTurns`; importance keeps more
 *   only when the last message's group alone is larger.
 * - `summarize` puts `[Previous context: N turns summarized]` (role user) first, N = messages replaced.
 * - An input that already has orphans is pruned without adding any.
 * - `@anthropic-ai/sdk` `MessageParam[]` / `BetaMessageParam[]` go in and come out as they are (a generic: the
 *   caller's own type back, no cast). Their mid-conversation `system` messages are never pruned on their own: each
 *   is sent while the turns on both sides of it are, so it keeps its place; one that adds or removes tools or sets
 *   the effort pins those turns (for the strategies that honour pins). Their tokens come off `maxTokens` first, and
 *   `maxTurns` counts the other messages.
 * - Messages of another API (AI SDK, OpenAI) are refused with a `TypeError` that names the index, what gave them
 *   away and the entry point that takes them (`prunescope/ai-sdk`, `prunescope/openai`).
 *
 * The seed's three strategies take `{ strategy, maxTurns }` exactly as seed 001 writes them; every strategy also
 * takes `maxTokens`, and its own options (see `STRATEGY_REGISTRY`). O(n) for the window strategies (planning on
 * the kept suffix only), O(n log n) for the others.
 *
 * @param input Anthropic Messages-shaped conversation (`{ role, content }`), oldest first.
 * @param config `{ strategy, maxTurns?, maxTokens?, …options }`; see each strategy's config type.
 * @throws {TypeError} when `messages` is not an array or holds another API's messages, or for an unknown strategy or
 *   config key (the error names the nearest known one), or a config of the wrong type
 * @throws {RangeError} for a bound or option out of its range
 */
export function pruneMessages<M extends PrunableMessage>(input: readonly M[], config: PrunerConfig): M[] {
  const seen = { system: false };
  checkCanonicalMessages(input, 'pruneMessages', true, seen);
  checkConfigObject(config);
  if (seen.system) return pruneView(input as readonly Message[], canonicalView(input), canonicalCodec, config).messages as unknown as M[];
  const messages = input as readonly Message[];
  const strategy = getStrategy(config.strategy);
  const settings = normalizeConfig(strategy, config);
  // A custom counter means counting every message anyway: only the full analysis uses it.
  if (config.tokenCounter === undefined) {
    const fast = strategy.prune?.(messages, settings);
    if (fast !== undefined) return fast as unknown as M[];
    const quick = strategy.planSuffix?.(messages, settings) ?? strategy.planQuick?.(messages, settings, false);
    if (quick !== undefined) return applyPrunePlan(messages, quick) as unknown as M[];
  }
  const analysis = analyzeTranscript(messages, config.tokenCounter ? { counter: config.tokenCounter } : {});
  return applyPrunePlan(messages, strategy.plan(analysis, settings)) as unknown as M[];
}
