import type { ReplayCore, ReplayOptions } from '../../src/cli/replay/replay-core';

/**
 * A stand-in for the replay core (not written yet), for tests of the commands around it: each strategy's cost falls
 * by a tenth per position, so a test can tell which figure went where. `calls` keeps what it was asked.
 */
export function fakeReplayCore(): ReplayCore & { calls: { messages: number; options: ReplayOptions }[] } {
  const calls: { messages: number; options: ReplayOptions }[] = [];
  return {
    calls,
    replayTranscript(messages, options) {
      calls.push({ messages: messages.length, options });
      return {
        model: options.prices.model,
        mode: options.mode,
        strategies: options.strategies.map((s, k) => ({
          id: s.id,
          ...(s.config ? { config: s.config } : {}),
          totals: { inputTokens: 1000 - k, cacheReadTokens: 500, cacheWriteTokens: 100, outputTokens: 10, costUsd: 1 - k / 10 },
          peakInputTokens: 100 + k,
          rewrites: k,
          overWindow: 0,
          requests: [{ messageIndex: 1, inputTokens: 1000 - k, cacheReadTokens: 500, cacheWriteTokens: 100, outputTokens: 10, costUsd: 1 - k / 10, rewrite: false }],
        })),
      };
    },
    pricesFor: (model, overrides = {}) => (model === 'nobody/unknown' ? undefined : { model, input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, ...overrides }),
    cacheRulesFor: () => ({ provider: 'anthropic', minTokens: 1024 }),
  };
}
