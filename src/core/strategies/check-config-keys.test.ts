import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { pruneMessages } from '../prune/prune-messages';
import { planPrune } from '../prune/plan-prune';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { replayTranscript } from '../replay/replay-transcript';
import { STRATEGY_REGISTRY } from './registry';

const messages: Message[] = [
  { role: 'user', content: 'fix the bug' },
  { role: 'assistant', content: 'done' },
];

describe('unknown config keys', () => {
  it('are errors that name the nearest known key, where they passed silently before', () => {
    expect(() => pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 1, keepSystem: true } as never)).toThrow(
      /sliding-window has no option "keepSystem"\. Its keys are strategy, maxTurns, maxTokens, pinned, tokenCounter, request\./,
    );
    expect(() => pruneMessages(messages, { strategy: 'importance', maxToken: 10 } as never)).toThrow(/no option "maxToken"; did you mean "maxTokens"\?/);
    expect(() => pruneMessages(messages, { strategy: 'governor', maxTokens: 10, weight: { priority: 1 } } as never)).toThrow(
      /governor has no option "weight"; did you mean "weights"\?/,
    );
    expect(() => planPrune(analyzeTranscript(messages), { strategy: 'observation-masking', keepRecnt: 2 } as never)).toThrow(/did you mean "keepRecent"\?/);
  });

  it('are errors in a replay too, before the first request', () => {
    expect(() =>
      replayTranscript(messages, {
        strategies: [{ id: 'x', config: { strategy: 'token-budget', softLimit: 5 } as never }],
        mode: 'stateless',
        prices: { model: 'm', input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
        cache: { provider: 'anthropic', minTokens: 0 },
        tokens: [1, 1],
      }),
    ).toThrow(/token-budget has no option "softLimit"/);
  });

  it('every option, bound and field of every strategy is a known key', () => {
    for (const definition of STRATEGY_REGISTRY) {
      const config: Record<string, unknown> = { strategy: definition.id };
      if (definition.bounds.includes('maxTokens')) config.maxTokens = 1_000;
      if (definition.bounds.includes('maxTurns')) config.maxTurns = 10;
      for (const option of definition.options) config[option.key] = option.default;
      expect(() => pruneMessages(messages, config as never), definition.id).not.toThrow();
    }
  });

  // A user's report: masking given maxTurns kept all 279 messages without a word.
  it('a bound the strategy does not honour is an error naming the keys it takes, not ignored', () => {
    expect(() => pruneMessages(messages, { strategy: 'observation-masking', maxTurns: 5 } as never)).toThrow(
      /observation-masking has no option "maxTurns"\. Its keys are strategy, maxTokens, pinned, tokenCounter, request, keepRecent,/,
    );
    expect(() => pruneMessages(messages, { strategy: 'token-budget', maxTurns: 5 } as never)).toThrow(/token-budget has no option "maxTurns"\. Its keys are strategy, maxTokens,/);
    expect(() => pruneMessages(messages, { strategy: 'codex-compact', maxTokens: 5 } as never)).toThrow(/codex-compact has no option "maxTokens"\. Its keys are strategy, pinned,/);
    // Left undefined, as a spread of optional fields leaves it, it is no bound.
    expect(() => pruneMessages(messages, { strategy: 'observation-masking', maxTurns: undefined })).not.toThrow();
  });
});
