import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countMessageTokens, createTokenCounter, type TokenCounter, type TokenEncoding } from '../core';
import { messagesWithEveryBlock } from '../../test/support/all-blocks-arbitrary';
import { loadMainConversation } from '../../test/support/load-fixture';
import { collectCountTexts, countCollected } from './count-texts';

/** A deterministic counter with fractional-looking, non-additive counts: a sum of per-text counts is all that agrees. */
const oddCounter = (encoding: TokenEncoding): TokenCounter => ({ encoding, count: (text) => (text.length === 0 ? 0 : 1 + ((text.length * 7) % 13) + text.charCodeAt(0) % 5) });

describe('collectCountTexts', () => {
  it('counts exactly what countMessageTokens counts, for every block type and both framings', () => {
    fc.assert(
      fc.property(messagesWithEveryBlock(), fc.constantFrom<TokenEncoding>('claude', 'o200k_base', 'cl100k_base', 'chars'), (messages, encoding) => {
        const counter = oddCounter(encoding);
        expect(Array.from(countCollected(collectCountTexts(messages, encoding), counter))).toEqual(Array.from(countMessageTokens(messages, counter)));
      }),
    );
  });

  it('counts a share from `from` to `to`, without mutating the messages', () => {
    fc.assert(
      fc.property(messagesWithEveryBlock(), fc.nat(), fc.nat(), (messages, a, b) => {
        const from = messages.length ? a % (messages.length + 1) : 0;
        const to = from + (messages.length - from ? b % (messages.length - from + 1) : 0);
        const before = JSON.stringify(messages);
        const counter = oddCounter('claude');
        const collected = collectCountTexts(messages, 'claude', from, to);
        expect(JSON.stringify(messages)).toBe(before);
        expect(Array.from(countCollected(collected, counter))).toEqual(Array.from(countMessageTokens(messages, counter, { from, to })));
      }),
    );
  });

  it('agrees with the real vocabulary on a real session', async () => {
    const { messages } = loadMainConversation('spotter-session.jsonl');
    const counter = await createTokenCounter({ encoding: 'claude' });
    expect(Array.from(countCollected(collectCountTexts(messages, 'claude'), counter))).toEqual(Array.from(countMessageTokens(messages, counter)));
  });
});
