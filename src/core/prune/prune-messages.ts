import type { Message } from '../types';
import type { PrunerConfig, RegisteredStrategy } from '../strategies/registry';
import { getStrategy } from '../strategies/get-strategy';
import { normalizeConfig } from '../strategies/normalize-config';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { applyPrunePlan } from '../plan/apply-prune-plan';
import { checkConfigObject } from './check-config-object';
import { checkCanonicalMessages } from '../shapes/check-canonical-messages';
import { checkCanonicalMessage } from '../shapes/check-canonical-message';
import { checkCanonicalPart } from '../shapes/check-canonical-part';
import type { StrategyPlan } from '../plan/types';
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
  const settled = settleConfig(config);
  const seen = { system: false };
  const quick = settled.ok ? checkedQuickPlan(input, config, settled, seen) : undefined;
  if (quick === undefined) checkCanonicalMessages(input, 'pruneMessages', true, seen);
  // The view applies the config itself (and so reports a bad one as it always has).
  // Checked by now, one way or the other.
  const messages = input as unknown as readonly Message[];
  if (seen.system) return pruneView(messages, canonicalView(messages), canonicalCodec, config).messages as unknown as M[];
  if (!settled.ok) throw settled.error;
  if (quick?.plan !== undefined) return applyPrunePlan(messages, quick.plan) as unknown as M[];
  const { strategy, settings } = settled;
  // A custom counter means counting every message anyway: only the full analysis uses it.
  if (config.tokenCounter === undefined && quick === undefined) {
    const fast = strategy.prune?.(messages, settings);
    if (fast !== undefined) return fast as unknown as M[];
    const plan = strategy.planSuffix?.(messages, settings) ?? strategy.planQuick?.(messages, settings, false);
    if (plan !== undefined) return applyPrunePlan(messages, plan) as unknown as M[];
  }
  const analysis = analyzeTranscript(messages, config.tokenCounter ? { counter: config.tokenCounter } : {});
  return applyPrunePlan(messages, strategy.plan(analysis, settings)) as unknown as M[];
}

type Settled = { ok: true; strategy: RegisteredStrategy; settings: unknown } | { ok: false; error: unknown };

/**
 * The config checked as the entry point checks it (object, strategy, keys and values), with what it threw kept
 * rather than thrown: a bad input array must still be reported before a bad config, as it always was.
 */
function settleConfig(config: PrunerConfig): Settled {
  try {
    checkConfigObject(config);
    const strategy = getStrategy(config.strategy);
    return { ok: true, strategy, settings: normalizeConfig(strategy, config) };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * For a strategy whose quick plan reads every message (importance): the plan, made while the input check reads each
 * message as the plan reads it, one pass over 100k messages instead of two. `undefined` when the strategy has no such
 * path, or when a system message sends the input to the view (the plan stops there; the caller checks the input on
 * its own); otherwise the check has passed over every message, and `plan` is undefined when the strategy declined.
 */
function checkedQuickPlan(
  input: readonly unknown[],
  config: PrunerConfig,
  settled: { strategy: RegisteredStrategy; settings: unknown },
  seen: { system: boolean },
): { plan?: StrategyPlan } | undefined {
  const { strategy, settings } = settled;
  if (!Array.isArray(input) || config.tokenCounter !== undefined || strategy.prune !== undefined || strategy.planSuffix !== undefined || strategy.planQuick === undefined) return undefined;
  let plan: StrategyPlan | undefined;
  try {
    plan = strategy.planQuick(input as readonly Message[], settings, false, {
      message(message, index) {
        checkCanonicalMessage(message, index, 'pruneMessages', true, seen, true);
        if (seen.system) throw SYSTEM_MET;
      },
      part: (message, index, type) => checkCanonicalPart(message, index, 'pruneMessages', type),
    });
  } catch (error) {
    if (error !== SYSTEM_MET) throw error;
    // The view plans the input: this plan would be thrown away (it was made in full, twice the call's cost). The
    // messages after this one are checked on their own.
    return undefined;
  }
  return plan === undefined ? {} : { plan };
}

/** Stops a quick plan at the first system message (made once: a throw that is caught needs no stack of its own). */
const SYSTEM_MET = new Error('pruneMessages: a system message sends the input to the view');
