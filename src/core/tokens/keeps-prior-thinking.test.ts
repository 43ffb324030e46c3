import { describe, expect, it } from 'vitest';
import { keepsPriorThinking } from './keeps-prior-thinking';

describe('keepsPriorThinking', () => {
  it.each([
    ['claude-opus-4-6', true],
    ['claude-opus-4-5-20251101', true],
    ['anthropic/claude-opus-4.5', true],
    ['claude-sonnet-4-6', true],
    ['us.anthropic.claude-sonnet-4-6-v1:0', true],
    ['claude-mythos-preview', true],
    ['claude-opus-5', true],
    ['claude-opus-4-1-20250805', false],
    ['claude-opus-4-20250514', false],
    ['claude-sonnet-4-5-20250929', false],
    ['claude-sonnet-4-20250514', false],
    ['claude-3-7-sonnet-20250219', false],
    ['claude-haiku-4-5', false],
    ['claude-3-5-haiku-latest', false],
    ['gpt-5-codex', false],
    ['openai/gpt-5', false],
    ['o4-mini', false],
    ['codex-mini-latest', false],
  ])('%s → %s', (model, keeps) => {
    expect(keepsPriorThinking(model)).toBe(keeps);
  });

  it('keeps everything for an unknown or missing model: the safe side of a budget', () => {
    expect(keepsPriorThinking(undefined)).toBe(true);
    expect(keepsPriorThinking('')).toBe(true);
    expect(keepsPriorThinking('gemini-2.5-pro')).toBe(true);
    expect(keepsPriorThinking('claude-next')).toBe(true);
  });
});
