/**
 * Importance's stateless replay hook against the naive replay (a plan of every request's history), where the hook's
 * shortcuts are decided: token counts from a few small values, so a unit's tokens often equal the room left (the
 * bucket skips, the tree search, the best suffix by halving), bounds down to nothing, earlier-turn counts, context
 * starts; and units that score exactly alike, where only the tie order decides which one fits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { replayTranscript } from '../../replay/replay-transcript';
import type { ReplayOptions } from '../../replay/types';
import { naiveReplay } from '../../../../test/support/naive-replay';
import { agentTranscript } from '../../../../test/support/agent-transcript-arbitrary';

const PRICES = { model: 'test', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

function expectNaive(messages: readonly Message[], options: ReplayOptions): void {
  const fast = replayTranscript(messages, options).strategies[1]!;
  const naive = naiveReplay(messages, options).get(fast.id)!;
  const numbers = fast.requests.map(({ messageIndex, inputTokens, cacheReadTokens, cacheWriteTokens, rewrite }) => ({ messageIndex, inputTokens, cacheReadTokens, cacheWriteTokens, rewrite }));
  expect(numbers).toEqual(naive.map(({ messageIndex, inputTokens, cacheReadTokens, cacheWriteTokens, rewrite }) => ({ messageIndex, inputTokens, cacheReadTokens, cacheWriteTokens, rewrite })));
}

const replayOf = (config: { maxTokens?: number; maxTurns?: number }, tokens: number[], extra: Partial<ReplayOptions> = {}): ReplayOptions => ({
  strategies: [{ id: 'none' }, { id: 'importance', config: { strategy: 'importance', ...config } }],
  mode: 'stateless',
  prices: PRICES,
  cache: { provider: 'anthropic', minTokens: 0 },
  tokens,
  ...extra,
});

describe('replayImportance', () => {
  it('sends what a plan of every request sends (small counts, any bound, earlier turns, context starts; 400 cases)', () => {
    const input = agentTranscript({ maxEpisodes: 18, interleaved: true })
      .filter((messages) => messages.length > 0)
      .chain((messages) => {
        const n = messages.length;
        const count = fc.constantFrom(0, 1, 2, 3, 5, 8, 13);
        return fc.record({
          messages: fc.constant(messages),
          tokens: fc.array(count, { minLength: n, maxLength: n }),
          prior: fc.option(fc.array(count, { minLength: n, maxLength: n }), { nil: undefined }),
          maxTokens: fc.option(fc.integer({ min: 0, max: 8 * n }), { nil: undefined }),
          maxTurns: fc.option(fc.integer({ min: 0, max: n + 1 }), { nil: undefined }),
          starts: fc.uniqueArray(fc.integer({ min: 0, max: n }), { maxLength: 2 }),
        });
      })
      .filter(({ maxTokens, maxTurns }) => maxTokens !== undefined || maxTurns !== undefined);
    fc.assert(
      fc.property(input, ({ messages, tokens, prior, maxTokens, maxTurns, starts }) => {
        // Earlier-turn counts no larger than the full ones, as the API's dropped thinking makes them.
        const early = prior?.map((c, i) => Math.min(c, tokens[i]!));
        const config = { ...(maxTokens !== undefined ? { maxTokens } : {}), ...(maxTurns !== undefined ? { maxTurns } : {}) };
        expectNaive(messages, replayOf(config, tokens, { contextStarts: starts, ...(early !== undefined ? { priorTurnTokens: early } : {}) }));
      }),
      { numRuns: 400 },
    );
  });

  it('breaks a tie of scores as the plan does: of two units scoring alike, the later is kept first', () => {
    // In the history of 10 messages the request of message 10 sends, the pair (0, 1) scores 0.5 · 1/10 + 0.3 + 0.2
    // (a result of 1,000 characters) and the pair (4, 5) 0.5 · 5/10 + 0.3 (an empty one): 0.55 both, exactly. Room
    // for one pair beside the last message: the later pair, the larger, is kept.
    const call = (id: string): Message => ({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'Bash', input: {} }] });
    const result = (id: string, text: string): Message => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text }] });
    const text = (role: 'user' | 'assistant', words: string): Message => ({ role, content: words });
    const messages: Message[] = [
      call('a'),
      result('a', 'x'.repeat(1000)),
      text('user', 'b'),
      text('assistant', 'c'),
      call('b'),
      result('b', ''),
      text('assistant', 'd'),
      text('user', 'e'),
      text('assistant', 'f'),
      text('user', 'g'),
      text('assistant', 'h'),
    ];
    const tokens = [3, 3, 50, 50, 5, 5, 50, 50, 50, 1, 1];
    expect(replayTranscript(messages, replayOf({ maxTokens: 11 }, tokens)).strategies[1]!.requests.at(-1)!.inputTokens).toBe(11);
    expectNaive(messages, replayOf({ maxTokens: 11 }, tokens));
  });
});
