import { describe, expect, it } from 'vitest';
import { countSystemTokens } from './count-system-tokens';
import { ANTHROPIC_FRAMING } from './framing';
import type { MessageFraming, TokenCounter } from './types';

const perChar: TokenCounter = { encoding: 'chars', count: (text: string) => text.length };
const framing: MessageFraming = { ...ANTHROPIC_FRAMING, system: 1000, text: 100 };

describe('countSystemTokens', () => {
  it('counts a string system prompt once, with the system framing', () => {
    expect(countSystemTokens('You are terse.', perChar, framing)).toBe(1000 + 14);
  });

  it('counts the array form block by block', () => {
    const system = [
      { type: 'text', text: 'Rules.', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'More.' },
    ];
    expect(countSystemTokens(system, perChar, framing)).toBe(1000 + 100 + 6 + 100 + 5);
  });

  it('is 0 when there is no system prompt', () => {
    expect(countSystemTokens(undefined, perChar, framing)).toBe(0);
    expect(countSystemTokens('', perChar, framing)).toBe(0);
    expect(countSystemTokens([], perChar, framing)).toBe(0);
  });

  it('uses the counter’s framing by default', () => {
    expect(countSystemTokens('abc', perChar)).toBe(ANTHROPIC_FRAMING.system + 3);
    const openai: TokenCounter = { encoding: 'o200k_base', count: (text: string) => text.length };
    expect(countSystemTokens('abc', openai)).toBe(3 + 3);
  });

  it('rejects anything else, naming the value', () => {
    expect(() => countSystemTokens(42 as never, perChar)).toThrow(
      new TypeError('countSystemTokens: system is number 42; expected a string or an array of text blocks.'),
    );
  });
});
