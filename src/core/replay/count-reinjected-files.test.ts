import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import { countMessageTokens } from '../tokens/count-message-tokens';
import { countReinjectedFiles } from './count-reinjected-files';

/** A Read of `path` whose result is `chars` characters long, as call and result messages. */
function read(id: string, path: string, chars: number): Message[] {
  return [
    { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Read', input: { file_path: path } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'x'.repeat(chars) }] },
  ];
}

const size = (chars: number): number =>
  countMessageTokens([{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'r', content: 'x'.repeat(chars) }] }], charsTokenCounter)[0]!;

describe('countReinjectedFiles', () => {
  it('takes the 5 files read last, each by its latest read, at most 5,000 tokens each', () => {
    const messages = [
      ...read('a', '/a', 4_000),
      ...read('b', '/b', 400),
      ...read('c', '/c', 800),
      ...read('d', '/d', 80_000),
      ...read('e', '/e', 1_200),
      ...read('a2', '/a', 40),
      ...read('f', '/f', 2_000),
    ];
    // /b, the oldest of six files, is left out; /a counts by its latest read; /d at the cap.
    expect(countReinjectedFiles(messages, 0, messages.length, charsTokenCounter)).toBe(size(800) + 5_000 + size(1_200) + size(40) + size(2_000));
    // Only the messages before the compaction count.
    expect(countReinjectedFiles(messages, 0, 4, charsTokenCounter)).toBe(size(4_000) + size(400));
  });

  it('counts no failed read and nothing but Read', () => {
    const messages: Message[] = [
      { role: 'assistant', content: [{ type: 'tool_use', id: 'r', name: 'Read', input: { file_path: '/gone' } }, { type: 'tool_use', id: 'b', name: 'Bash', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'r', content: 'no such file', is_error: true }, { type: 'tool_result', tool_use_id: 'b', content: 'ok' }] },
    ];
    expect(countReinjectedFiles(messages, 0, 2, charsTokenCounter)).toBe(0);
  });
});
