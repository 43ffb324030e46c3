import { describe, expect, it } from 'vitest';
import { encodingForFormat } from './encoding-for-format';

describe('encodingForFormat', () => {
  it.each([
    ['anthropic', 'claude'],
    ['claude-code', 'claude'],
    ['openai-chat', 'o200k_base'],
    ['openai-responses', 'o200k_base'],
  ] as const)('%s → %s', (format, encoding) => {
    expect(encodingForFormat(format)).toBe(encoding);
  });

  it('rejects an unknown format, naming it and the choices', () => {
    expect(() => encodingForFormat('gemini' as never)).toThrow(
      new TypeError('encodingForFormat: format is "gemini"; allowed: anthropic, claude-code, openai-chat, openai-responses, swe-agent, mini-swe-agent, langchain.'),
    );
    expect(() => encodingForFormat('toString' as never)).toThrow(TypeError);
  });
});
