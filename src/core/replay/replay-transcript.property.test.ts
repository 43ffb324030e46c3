/**
 * The replay equals the naive one: for generated transcripts (parallel calls, reused ids, orphans, compactions,
 * earlier-turn counts, cold caches) and any registered strategy and config, in both modes, every request's input,
 * cache reads and writes, output and rewrite flag are the same numbers as `naiveReplay` finds by building every
 * request's items from scratch, and the cost the same to rounding.
 *
 * On failure fast-check prints `{ seed, path }`; replay with
 * `FC_SEED=<seed> FC_PATH=<path> npx vitest run src/core/replay/replay-transcript.property.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayTranscript } from './replay-transcript';
import { naiveReplay } from '../../../test/support/naive-replay';
import { replayCase, type ReplayCaseOptions } from '../../../test/support/replay-options-arbitrary';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};

/** Every request's numbers as the naive replay finds them, for each strategy of the case. */
function expectNaive(messages: Parameters<typeof replayTranscript>[0], options: Parameters<typeof replayTranscript>[1]): void {
  const fast = replayTranscript(messages, options);
  const naive = naiveReplay(messages, options);
  for (const strategy of fast.strategies) {
    const expected = naive.get(strategy.id)!;
    const got = strategy.requests.map(({ messageIndex, inputTokens, cacheReadTokens, cacheWriteTokens, outputTokens, rewrite }) => ({
      messageIndex,
      inputTokens,
      cacheReadTokens,
      cacheWriteTokens,
      outputTokens,
      rewrite,
    }));
    expect(got, strategy.id).toEqual(expected.map(({ costUsd: _cost, ...rest }) => rest));
    strategy.requests.forEach((request, k) => expect(request.costUsd).toBeCloseTo(expected[k]!.costUsd, 9));
  }
}

describe('replayTranscript against the naive replay', () => {
  it('gives the same numbers for every request, strategy and mode', () => {
    fc.assert(
      fc.property(replayCase(), ({ messages, options }) => expectNaive(messages, options)),
      { numRuns: 400, ...replay },
    );
  });

  // The fast paths one at a time, with earlier-turn counts always given (messages change form between requests):
  // the default stateless replay, whose requests cross from kept whole to planned (the token budget, the governor and
  // the peers below and above their triggers), and each peer's own stateless hook.
  it.each<[string, ReplayCaseOptions]>([
    ['swe-agent-last-n, elided as observations grow', { ids: ['swe-agent-last-n'], earlierTurns: true }],
    ['anthropic-clear-tool-uses, cleared as uses age', { ids: ['anthropic-clear-tool-uses'], earlierTurns: true }],
    ['kept whole, then planned', { ids: ['token-budget', 'governor', 'codex-compact'], mode: 'stateless', earlierTurns: true }],
  ])('gives the same numbers: %s', (_name, narrowed) => {
    fc.assert(
      fc.property(replayCase(narrowed), ({ messages, options }) => expectNaive(messages, options)),
      { numRuns: 150, ...replay },
    );
  });
});
