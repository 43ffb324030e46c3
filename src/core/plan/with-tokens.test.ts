import { describe, expect, it } from 'vitest';
import { analyzeTranscript } from './analyze-transcript';
import { withTokens } from './with-tokens';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import type { Message } from '../types';

const messages: Message[] = [
  { role: 'user', content: 'find the bug' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { path: 'a.ts' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'export const a = 1;' }] },
  { role: 'assistant', content: 'found it' },
];

describe('withTokens', () => {
  it('swaps the counts and their sums, and keeps the ranking and links unbuilt until read', () => {
    const analysis = analyzeTranscript(messages);
    const exact = withTokens(analysis, [5, 7, 11, 13], charsTokenCounter);
    expect(Array.from(exact.tokens)).toEqual([5, 7, 11, 13]);
    expect(Array.from(exact.suffixTokens)).toEqual([36, 31, 24, 13, 0]);
    // Still getters on the copy: an exact-count swap builds neither the sort nor the links.
    expect(Object.getOwnPropertyDescriptor(exact, 'dropOrder')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(exact, 'links')?.get).toBeTypeOf('function');
    expect(Array.from(exact.dropOrder ?? [])).toEqual(Array.from(analysis.dropOrder ?? []));
    expect(exact.links.pairs).toEqual(analysis.links.pairs);
    expect(Array.from(analysis.tokens)).not.toEqual([5, 7, 11, 13]);
  });
});
