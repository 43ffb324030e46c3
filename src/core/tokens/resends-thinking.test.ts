import { describe, expect, it } from 'vitest';
import { resendsThinking } from './resends-thinking';

describe('resendsThinking', () => {
  it.each([
    ['gemini-2.5-pro', false],
    ['gemini-3-pro-image-preview', false],
    ['google/gemini-2.5-flash', false],
    ['models/gemini-2.0-flash', false],
    ['claude-opus-4-6', true],
    ['claude-sonnet-4-5-20250929', true],
    ['gpt-5-codex', true],
  ])('%s → %s', (model, resends) => {
    expect(resendsThinking(model)).toBe(resends);
  });

  it('resends for an unknown or missing model: counting too much is the safe side of a budget', () => {
    expect(resendsThinking(undefined)).toBe(true);
    expect(resendsThinking('')).toBe(true);
  });
});
