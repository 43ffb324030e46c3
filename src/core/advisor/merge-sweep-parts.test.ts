import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Message } from '../types';
import type { ModelPrices } from '../replay/types';
import type { SweepOptions, SweepResult } from './types';
import { STRATEGY_REGISTRY, type StrategyId } from '../strategies/registry';
import { countMessageTokens } from '../tokens/count-message-tokens';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import { cacheRulesFor } from '../replay/cache-rules-for';
import { sweepTranscript } from './sweep-transcript';
import { mergeSweepParts } from './merge-sweep-parts';
import { loadMainConversation } from '../../../test/support/load-fixture';

const PRICES: ModelPrices = { model: 'anthropic/claude-sonnet-4.5', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, contextWindow: 200_000 };

/**
 * Law: a sweep split by strategies among parts, each part swept on its own, merges into exactly the sweep of all of
 * them (points, skips, their order): what lets `advise --jobs` spread one long transcript over threads.
 */
describe('mergeSweepParts', () => {
  const messages = loadMainConversation('codex-rollout-gpt-5.5.jsonl').messages.slice(0, 60) as readonly Message[];
  const input = { messages, tokens: countMessageTokens(messages, charsTokenCounter), prices: PRICES, cache: cacheRulesFor(PRICES.model), fixedTokens: 2_000 };
  const strategies = STRATEGY_REGISTRY.map((s) => s.id);
  // Slow strategies go live only past 40 messages (a skip the grid lists), and at this window masking's live plans
  // cannot get under the trigger (skips the sweep adds as it goes).
  const options: SweepOptions = { window: 10_000, bounds: [1_000, 3_333, 7_000], strategies, slowStatelessUpTo: 40 };
  const whole = sweepTranscript(input, options);
  const alone = new Map(strategies.map((id) => [id, sweepTranscript(input, { ...options, strategies: [id] })]));

  it('sweeps a grid with skips of both kinds (or the laws below would not be tried on them)', () => {
    expect(whole.skipped.some((skip) => skip.key === undefined)).toBe(true);
    expect(whole.skipped.some((skip) => skip.key !== undefined)).toBe(true);
  });

  it('gives the whole sweep from two parts of several strategies each', () => {
    const parts = [0, 1].map((p) => strategies.filter((_, k) => k % 2 === p));
    expect(mergeSweepParts(parts.map((part) => sweepTranscript(input, { ...options, strategies: part })), options)).toEqual(whole);
  });

  it('gives the whole sweep, in its order, whatever order the parts come in', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(strategies, { minLength: strategies.length }), (order) => {
        expect(mergeSweepParts(order.map((id) => alone.get(id) as SweepResult), options)).toEqual(whole);
      }),
      { numRuns: 30, seed: 0x5eed_22 },
    );
  });

  it('refuses parts of other transcripts, parts swept on another grid, and no parts at all', () => {
    const [a, b] = strategies as [StrategyId, StrategyId];
    expect(() => mergeSweepParts([alone.get(a) as SweepResult, { ...(alone.get(b) as SweepResult), messages: 3 }], options)).toThrow(/different transcripts/);
    expect(() => mergeSweepParts([], options)).toThrow(/no parts/);
    const wider = sweepTranscript(input, { ...options, bounds: [1_000, 2_000], strategies: ['sliding-window'] });
    expect(() => mergeSweepParts([alone.get('sliding-window') as SweepResult, wider], options)).toThrow(/not on the grid/);
  });

  it('refuses a skip off the grid, of a setting it does not have or a mode it does not leave out, as it refuses a point', () => {
    const [a, b] = strategies as [StrategyId, StrategyId];
    const part = alone.get(a) as SweepResult;
    const offGrid = [
      { strategy: a, mode: 'live' as const, key: `${a} live not-a-setting`, reason: 'swept with other options' },
      { strategy: a, mode: 'stateless' as const, reason: 'left out by a grid of other options' },
    ];
    for (const skip of offGrid) {
      expect(() => mergeSweepParts([{ ...part, skipped: [...part.skipped, skip] }, alone.get(b) as SweepResult], options)).toThrow(/skip .* is not on the grid/);
    }
  });
});
