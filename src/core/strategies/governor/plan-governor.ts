import type { Message } from '../../types';
import type { TokenCounter } from '../../tokens/types';
import type { GovernorStrategyConfig } from './governor-strategy';
import { governorStrategy } from './governor-strategy';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { normalizeConfig } from '../normalize-config';
import { planGovernorLane, type GovernorPlan } from './plan-governor-lane';

/** `planGovernor`'s input: the governor's config with the per-message tokens it plans by. */
export interface GovernorInput extends Omit<GovernorStrategyConfig, 'strategy' | 'tokenCounter'> {
  /** Per message: its tokens (from the caller's tokenizer). Same length as the messages. */
  tokens: Float64Array;
  /** Token budget: finite or `Infinity`, 0 or more. */
  maxTokens: number;
  /** Counts what the plan adds (summaries). Default is characters ÷ 4. */
  counter?: TokenCounter;
}

/**
 * The intent-aware Context Governor (seed 004) in one call: the `governor` strategy's plan of `messages` with the
 * caller's token counts, exactly what `planPrune` gives for `{ strategy: 'governor', … }` over an analysis with those
 * counts. Its fates are `FATE`'s, `applyPrunePlan` builds the messages sent, and beside the plan every strategy makes
 * it says what the governor read: the intent and profile used, and per unit its type, evidence and score terms.
 *
 * For many budgets over one transcript (a slider), analyse once (`analyzeTranscript`) and call `planPrune` per
 * budget: the governor's analysis and scores are kept per analysis. O(n log n); the input is never mutated, and the
 * same input gives the same plan.
 *
 * @throws {TypeError | RangeError} for bad input, naming the field and what is allowed
 */
export function planGovernor(messages: readonly Message[], input: GovernorInput): GovernorPlan {
  if (input === null || typeof input !== 'object') {
    throw new TypeError('planGovernor: input must be an object like { tokens: Float64Array, maxTokens: 8000 }');
  }
  const { tokens, counter, ...config } = input;
  checkTokens(tokens, Array.isArray(messages) ? messages.length : 0);
  if (typeof input.maxTokens !== 'number' || Number.isNaN(input.maxTokens)) {
    throw new TypeError(`planGovernor: maxTokens must be a number, got ${typeof input.maxTokens} ${String(input.maxTokens)}`);
  }
  input.pinned?.forEach((index: unknown, k) => {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= messages.length) {
      throw new RangeError(`planGovernor: pinned[${k}] must be a message index, an integer from 0 to ${messages.length - 1}, got ${JSON.stringify(index)}`);
    }
  });
  const settings = normalizeConfig(governorStrategy, { ...config, strategy: 'governor' });
  return planGovernorLane(analyzeTranscript(messages, { tokens, ...(counter !== undefined ? { counter } : {}) }), settings);
}

function checkTokens(tokens: unknown, count: number): void {
  if (!(tokens instanceof Float64Array)) {
    throw new TypeError(`planGovernor: tokens must be a Float64Array of per-message token counts, got ${Array.isArray(tokens) ? 'an array' : typeof tokens}`);
  }
  if (tokens.length !== count) throw new RangeError(`planGovernor: tokens must hold one count per message (${count}), got ${tokens.length}`);
  for (let i = 0; i < count; i++) {
    const value = tokens[i] as number;
    if (!(value >= 0) || value === Infinity) throw new RangeError(`planGovernor: tokens[${i}] must be a finite count from 0 up, got ${value}`);
  }
}
