/**
 * Masking is idempotent: an agent that masks its held history before every request must not rewrite what it
 * cleared before, since every rewrite of an old message breaks the cached prefix. Over generated agent transcripts
 * (long results, parallel calls, orphans), each counter, keepRecent, minTokens and clearToolInputs:
 *
 *  1. Without a budget, masking the masked messages again gives them back unchanged (deep-equal).
 *  2. With a budget, masking again never changes a result the first masking cleared: each placeholder is the same
 *     text (a second pass may clear more, if the counted total of the masked messages is still over).
 *
 * On failure fast-check prints `{ seed, path }`; replay with
 * `FC_SEED=<seed> FC_PATH=<path> npx vitest run src/core/strategies/observation-masking/observation-masking.property.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { pruneMessages } from '../../prune/prune-messages';
import { charsTokenCounter } from '../../tokens/chars-token-counter';
import { agentTranscript } from '../../../../test/support/agent-transcript-arbitrary';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};

const settings = fc.record({
  keepRecent: fc.integer({ min: 0, max: 3 }),
  minTokens: fc.constantFrom(0, 1, 50),
  clearToolInputs: fc.boolean(),
  chars: fc.boolean(),
});

/** Every result's content by message and block index, for the results the masking cleared. */
function placeholders(messages: readonly Message[]): Map<string, unknown> {
  const found = new Map<string, unknown>();
  messages.forEach((message, m) => {
    if (!Array.isArray(message.content)) return;
    message.content.forEach((block, b) => {
      const content = (block as { type: string; content?: unknown }).content;
      if (block.type === 'tool_result' && typeof content === 'string' && content.startsWith('[Old tool result cleared: ')) {
        found.set(`${m}:${b}`, content);
      }
    });
  });
  return found;
}

describe('observation masking twice is masking once', () => {
  it('law 1: without a budget the masked messages come back unchanged', () => {
    fc.assert(
      fc.property(agentTranscript(), settings, (input, { chars, ...options }) => {
        const config = { strategy: 'observation-masking' as const, ...options, ...(chars ? { tokenCounter: charsTokenCounter } : {}) };
        const once = pruneMessages(input, config);
        expect(pruneMessages(once, config)).toEqual(once);
      }),
      { numRuns: 600, ...replay },
    );
  });

  it('law 2: under a budget no placeholder is rewritten', () => {
    fc.assert(
      fc.property(agentTranscript(), settings, fc.integer({ min: 0, max: 20_000 }), (input, { chars, ...options }, maxTokens) => {
        const config = { strategy: 'observation-masking' as const, ...options, maxTokens, ...(chars ? { tokenCounter: charsTokenCounter } : {}) };
        const once = pruneMessages(input, config);
        const twice = placeholders(pruneMessages(once, config));
        for (const [at, text] of placeholders(once)) expect(twice.get(at), at).toBe(text);
      }),
      { numRuns: 600, ...replay },
    );
  });
});
