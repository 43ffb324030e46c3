import { describe, expect, it } from 'vitest';
import { framingForCounter } from './framing-for-counter';
import { ANTHROPIC_FRAMING, OPENAI_FRAMING } from './framing';
import type { TokenCounter, TokenEncoding } from './types';

describe('framingForCounter', () => {
  const counter = (encoding: TokenEncoding, requested?: TokenEncoding): TokenCounter => ({
    encoding,
    count: () => 0,
    ...(requested ? { fallback: { requested, reason: 'missing' } } : {}),
  });

  it('OpenAI framing for OpenAI vocabularies, Anthropic framing otherwise', () => {
    expect(framingForCounter(counter('o200k_base'))).toBe(OPENAI_FRAMING);
    expect(framingForCounter(counter('cl100k_base'))).toBe(OPENAI_FRAMING);
    expect(framingForCounter(counter('claude'))).toBe(ANTHROPIC_FRAMING);
    expect(framingForCounter(counter('chars'))).toBe(ANTHROPIC_FRAMING);
  });

  it('a fallback counter keeps the framing of the encoding that was asked for', () => {
    expect(framingForCounter(counter('chars', 'o200k_base'))).toBe(OPENAI_FRAMING);
  });
});
