import { describe, expect, it } from 'vitest';
import { encodingForFormat } from './encoding-for-format';
import { FORMAT_REGISTRY } from './registry';

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
      new TypeError(`encodingForFormat: format is "gemini"; allowed: ${FORMAT_REGISTRY.map((f) => f.id).join(', ')}.`),
    );
    expect(() => encodingForFormat('toString' as never)).toThrow(TypeError);
  });
});
