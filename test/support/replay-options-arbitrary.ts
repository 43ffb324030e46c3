import fc from 'fast-check';
import type { Message } from '../../src/core/types';
import type { CacheRules, ReplayOptions } from '../../src/core/replay/types';
import type { ReplayTrigger } from '../../src/core/requests/types';
import type { StrategyId } from '../../src/core/strategies/registry';
import { strategyConfig } from './strategy-config-arbitrary';
import { agentTranscript } from './agent-transcript-arbitrary';
import { pruneMessages } from '../../src/core/prune/prune-messages';

/**
 * A transcript with everything a replay can be given, scaled so that every rule matters on a few dozen messages:
 * counts of 0–80 tokens, earlier-turn counts below them (thinking dropped), compactions, times with gaps past the
 * TTL, cache minimums and steps of a few tokens, what a file can say about its cache (warm start, breakpoint, TTL
 * class, prompt breaks, the response kept), bounds and triggers around the transcript's size, one to three strategies
 * of any registered kind beside no pruning. `ids`, `mode` and `earlierTurns` narrow it to the strategies, mode and
 * counts a fast path is about.
 */
export interface ReplayCaseOptions {
  maxEpisodes?: number;
  /** Only these strategies (default: every registered one). */
  ids?: readonly StrategyId[];
  mode?: 'stateless' | 'live';
  /** Always give earlier-turn counts (default: sometimes). */
  earlierTurns?: boolean;
  /** A file recorded by an agent that masked: its old results already are masking's placeholders. */
  premasked?: boolean;
}

const transcripts = (options: ReplayCaseOptions): fc.Arbitrary<Message[]> =>
  agentTranscript({ maxEpisodes: options.maxEpisodes ?? 14, interleaved: true }).map((messages) =>
    options.premasked === true ? pruneMessages(messages, { strategy: 'observation-masking', keepRecent: 0, minTokens: 0 }) : messages,
  );

export const replayCase = (options: ReplayCaseOptions = {}): fc.Arbitrary<{ messages: Message[]; options: ReplayOptions }> =>
  transcripts(options).chain((messages) => {
    const n = messages.length;
    const tokens = fc.array(fc.integer({ min: 0, max: 80 }), { minLength: n, maxLength: n });
    return tokens.chain((counts) => {
      const total = counts.reduce((a, b) => a + b, 0);
      const earlier = fc.array(fc.tuple(fc.boolean(), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: n, maxLength: n }).map((draws) =>
          draws.map(([drop, share], i) => (drop && messages[i]?.role === 'assistant' ? Math.floor(counts[i]! * share) : counts[i]!)),
        );
      const prior: fc.Arbitrary<number[] | undefined> = options.earlierTurns === true ? earlier : fc.option(earlier, { nil: undefined });
      const trigger: fc.Arbitrary<ReplayTrigger> = fc.oneof(
        fc.integer({ min: 0, max: total + 50 }).map((over) => ({ kind: 'tokens', over }) as const),
        fc.integer({ min: 1, max: 4 }).map((requests) => ({ kind: 'every', requests }) as const),
        fc.tuple(fc.double({ min: 0.05, max: 1, noNaN: true }), fc.integer({ min: 1, max: total + 100 })).map(([of, window]) => ({ kind: 'fraction', of, window }) as const),
      );
      const cache: fc.Arbitrary<CacheRules> = fc.oneof(
        fc.record({ provider: fc.constant('anthropic' as const), minTokens: fc.integer({ min: 0, max: 120 }), ttlMs: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }) }),
        fc.record({
          provider: fc.constant('openai' as const),
          minTokens: fc.integer({ min: 0, max: 120 }),
          step: fc.integer({ min: 1, max: 16 }),
          ttlMs: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
        }),
      );
      const times = fc.option(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: n, maxLength: n }).map((gaps) => {
          let t = 0;
          return gaps.map((g) => (t += g));
        }),
        { nil: undefined },
      );
      // What a file can say about its cache: a warm start, the breakpoint, the TTL class, prompt breaks, output kept.
      const observed = fc.option(
        fc.record(
          {
            warmStartTokens: fc.integer({ min: 0, max: 150 }),
            breakpointTokens: fc.integer({ min: 0, max: 150 }),
            writeTtl: fc.constantFrom('5m' as const, '1h' as const),
            ttlMs: fc.integer({ min: 1, max: 8 }),
            promptBreaks: fc.boolean(),
            cachesOutput: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
        { nil: undefined },
      );
      const configs = fc.array(strategyConfig(n, total, options.ids?.slice()), { minLength: 1, maxLength: 3 });
      return fc
        .record({
          prior,
          trigger,
          cache,
          times,
          observed,
          hourPrice: fc.option(fc.constant(6), { nil: undefined }),
          configs,
          mode: options.mode !== undefined ? fc.constant(options.mode) : fc.constantFrom('stateless' as const, 'live' as const),
          fixed: fc.integer({ min: 0, max: 150 }),
          starts: fc.uniqueArray(fc.integer({ min: 0, max: n }), { maxLength: 2 }),
        })
        .map(({ prior: early, trigger: t, cache: c, times: clock, observed: seen, hourPrice, configs: list, mode, fixed, starts }) => ({
          messages,
          options: {
            strategies: [{ id: 'none' }, ...list.map((config, k) => ({ id: `s${k}`, config }))],
            mode,
            trigger: t,
            prices: { model: 'test', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, ...(hourPrice !== undefined ? { cacheWrite1h: hourPrice } : {}) },
            cache: c,
            tokens: counts,
            fixedTokens: fixed,
            contextStarts: starts,
            ...(early !== undefined ? { priorTurnTokens: early } : {}),
            ...(clock !== undefined ? { messageTimes: clock } : {}),
            ...(seen !== undefined ? { observedCache: seen } : {}),
          },
        }));
    });
  });
