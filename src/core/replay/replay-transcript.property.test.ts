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
import type { ContentBlock, Message } from '../types';
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
    ['observation-masking, on the edits driver the peers share', { ids: ['observation-masking'], earlierTurns: true }],
    ['observation-masking over a file whose old results already are placeholders', { ids: ['observation-masking'], premasked: true }],
    ['swe-agent-last-n, elided as observations grow', { ids: ['swe-agent-last-n'], earlierTurns: true }],
    ['anthropic-clear-tool-uses, cleared as uses age', { ids: ['anthropic-clear-tool-uses'], earlierTurns: true }],
    ['anthropic-clear-thinking, cleared as turns pass', { ids: ['anthropic-clear-thinking'], earlierTurns: true }],
    ['langchain-summarization, the summary and the suffix', { ids: ['langchain-summarization'], mode: 'stateless', earlierTurns: true }],
    ['anthropic-compaction, a growing span summarized', { ids: ['anthropic-compaction'], mode: 'stateless', earlierTurns: true }],
    ['openhands-condenser, the cuts searched and the middle summarized', { ids: ['openhands-condenser'], mode: 'stateless', earlierTurns: true }],
    ['openhands-condenser live, no plan while its events stay under max_size', { ids: ['openhands-condenser'], mode: 'live', earlierTurns: true }],
    ['token-budget, the middle summarized on the valid cuts', { ids: ['token-budget'], mode: 'stateless', earlierTurns: true }],
    ['claude-code-compact, the summary and the files re-read', { ids: ['claude-code-compact'], mode: 'stateless', earlierTurns: true }],
    ['codex-compact, the user messages kept by search and the rest summarized', { ids: ['codex-compact'], mode: 'stateless', earlierTurns: true }],
    ['importance, drawn best first from bonus buckets', { ids: ['importance'], mode: 'stateless', earlierTurns: true }],
    ['kept whole, then planned', { ids: ['token-budget', 'governor', 'codex-compact'], mode: 'stateless', earlierTurns: true }],
  ])('gives the same numbers: %s', (_name, narrowed) => {
    fc.assert(
      fc.property(replayCase(narrowed), ({ messages, options }) => expectNaive(messages, options)),
      { numRuns: 150, ...replay },
    );
  });

  // Claude Code re-reads the files its Read calls read: the generated calls renamed to Read of a few paths, some of
  // them failed. Without pins (a pinned config takes the default replay, not the hook) and compacting from the first
  // request on, so nearly every case builds, keys and re-keys files; a review found the case above reached them in
  // about 1 run in 20.
  it('gives the same numbers: claude-code-compact re-reading files', () => {
    const reads = (messages: Message[]): Message[] =>
      messages.map((m) =>
        Array.isArray(m.content)
          ? {
              ...m,
              content: m.content.map((b) =>
                b.type === 'tool_use' && b.name !== 'Bash'
                  ? { ...b, name: 'Read', input: { file_path: `/src/f${String(b.id).length % 3}.ts` } }
                  : b.type === 'tool_result' && String(b.tool_use_id).length % 4 === 0
                    ? { ...b, is_error: true }
                    : b,
              ) as ContentBlock[],
            }
          : m,
      );
    const compacting = (options: Parameters<typeof replayTranscript>[1]): Parameters<typeof replayTranscript>[1] => ({
      ...options,
      strategies: options.strategies.map((s) => {
        if (s.config === undefined) return s;
        const { pinned: _pinned, ...config } = s.config as typeof s.config & { pinned?: unknown };
        return { ...s, config: { ...config, autoCompactPercent: 1, reinjectFiles: true } as typeof s.config };
      }),
    });
    fc.assert(
      fc.property(replayCase({ ids: ['claude-code-compact'], mode: 'stateless', earlierTurns: true }), ({ messages, options }) => expectNaive(reads(messages), compacting(options))),
      { numRuns: 150, ...replay },
    );
  });

  // The generated transcripts seldom hold thinking in two turns: turns of a request, thinking and a call, its result
  // and an answer, with thinking-only messages and earlier-turn counts, so clearing thinking has turns to clear.
  it('gives the same numbers: anthropic-clear-thinking over turns with thinking', () => {
    const turn = fc.record({ only: fc.boolean(), call: fc.boolean(), parallel: fc.boolean() });
    fc.assert(
      fc.property(fc.array(turn, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 3 }), fc.boolean(), (turns, keepTurns, early) => {
        const messages: Message[] = [];
        turns.forEach((t, k) => {
          messages.push({ role: 'user', content: `step ${k}` });
          if (t.only) messages.push({ role: 'assistant', content: [{ type: 'thinking', thinking: `plan ${k}`, signature: 's' }] });
          const blocks: ContentBlock[] = [{ type: 'thinking', thinking: `why ${k}`, signature: 's' }, { type: 'text', text: `doing ${k}` }];
          if (t.call) blocks.push({ type: 'tool_use', id: `c${k}`, name: 'Bash', input: { command: 'ls' } });
          messages.push({ role: 'assistant', content: blocks });
          if (t.call) messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `c${k}`, content: 'a\nb' }] });
          if (t.parallel) messages.push({ role: 'assistant', content: `answer ${k}` });
        });
        const tokens = messages.map((m, i) => 5 + (i % 7) * 3 + (m.role === 'assistant' ? 20 : 0));
        const prior = tokens.map((t, i) => (messages[i]!.role === 'assistant' ? t - 15 : t));
        expectNaive(messages, {
          strategies: [{ id: 'none' }, { id: 'clear', config: { strategy: 'anthropic-clear-thinking', keepMode: 'turns', keepTurns } }],
          mode: 'stateless',
          prices: { model: 'test', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
          cache: { provider: 'anthropic', minTokens: 0 },
          tokens,
          ...(early ? { priorTurnTokens: prior } : {}),
        });
      }),
      { numRuns: 150, ...replay },
    );
  });
});
