/**
 * Runs over one prepared transcript share its requests, segments and baseline: each run must give what a replay of
 * its own gives, whatever ran over the transcript before it (a strategy's cache on a shared segment, the baseline
 * replayed for an earlier run), in any order of modes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayTranscript } from './replay-transcript';
import { prepareReplay } from './prepare-replay';
import { replayPrepared } from './replay-prepared';
import { replayCase } from '../../../test/support/replay-options-arbitrary';

describe('replayPrepared', () => {
  it('property: every run over one prepared transcript equals its own replayTranscript, in any order of modes', () => {
    fc.assert(
      fc.property(replayCase({ maxEpisodes: 10 }), fc.boolean(), ({ messages, options }, liveFirst) => {
        const { strategies, mode: _mode, trigger, window, ...source } = options;
        const prepared = prepareReplay(messages, source);
        const modes = liveFirst ? (['live', 'stateless', 'live'] as const) : (['stateless', 'live', 'stateless'] as const);
        for (const mode of modes) {
          const run = { strategies, mode, ...(trigger !== undefined ? { trigger } : {}), ...(window !== undefined ? { window } : {}) };
          expect(replayPrepared(prepared, run)).toEqual(replayTranscript(messages, { ...source, ...run }));
        }
      }),
      { numRuns: 120 },
    );
  });

  it('checks the run as replayTranscript does, naming the field', () => {
    const prepared = prepareReplay([{ role: 'user', content: 'hi' }], { tokens: [1], prices: { model: 'm', input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }, cache: { provider: 'anthropic', minTokens: 0 } });
    expect(() => replayPrepared(prepared, { strategies: [], mode: 'later' as 'live' })).toThrow(/options\.mode is "later"/);
    expect(() => replayPrepared(prepared, { strategies: [{ id: 'a' }, { id: 'a' }], mode: 'stateless' })).toThrow(/options\.strategies\[1\]\.id/);
  });
});
