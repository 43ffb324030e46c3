import { describe, expect, it } from 'vitest';
import { blockTextLength } from './block-text-length';

describe('blockTextLength', () => {
  it('counts the summary text of a server-side compaction block, and nothing for a failed one (content null)', () => {
    expect(blockTextLength({ type: 'compaction', content: 'Summary of the earlier turns.' })).toBe(29);
    expect(blockTextLength({ type: 'compaction', content: null })).toBe(0);
  });

  it('counts text and thinking, and nothing for ciphertext or image bytes', () => {
    expect(blockTextLength({ type: 'text', text: 'abc' })).toBe(3);
    expect(blockTextLength({ type: 'thinking', thinking: 'hmm' })).toBe(3);
    expect(blockTextLength({ type: 'redacted_thinking', data: 'EmwKAhgBEgy3va' })).toBe(0);
    expect(blockTextLength({ type: 'image', source: { type: 'base64', data: 'iVBORw0KGgo' } })).toBe(0);
  });
});
