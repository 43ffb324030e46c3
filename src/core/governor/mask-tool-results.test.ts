import { describe, expect, it } from 'vitest';
import type { Message, ToolResultBlock } from '../types';
import { clearMiddleLines } from './clear-middle-lines';
import { maskToolResults } from './mask-tool-results';
import { summarizeMessage } from './summarize-message';
import { MASK_LEVELS } from './shorten-unit';

const lines = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i}`).join('\n');
const limits = { headLines: 2, headChars: 100, tailLines: 1, tailChars: 100 };

describe('clearMiddleLines', () => {
  it('keeps the first and last lines and says how many went', () => {
    expect(clearMiddleLines(lines(50), limits)).toBe('line 0\nline 1\n[… 47 lines cleared …]\nline 49');
  });

  it('cuts one long line by characters', () => {
    const text = 'a'.repeat(150) + 'b'.repeat(150);
    expect(clearMiddleLines(text, limits)).toBe(`${'a'.repeat(100)}\n[… 100 characters cleared …]\n${'b'.repeat(100)}`);
  });

  it('caps a head line longer than its characters', () => {
    const text = `${'x'.repeat(500)}\n${lines(40)}`;
    const cleared = clearMiddleLines(text, limits) as string;
    expect(cleared.startsWith(`${'x'.repeat(100)}\n[… `)).toBe(true);
    expect(cleared.endsWith('\nline 39')).toBe(true);
  });

  it('leaves a text that fits, since a marker would save nothing', () => {
    expect(clearMiddleLines(lines(5), limits)).toBeUndefined();
    expect(clearMiddleLines('', limits)).toBeUndefined();
  });

  it('never grows a text, at every level', () => {
    for (const level of MASK_LEVELS) {
      for (const n of [1, 10, 100, 1000]) {
        const text = lines(n);
        const cleared = clearMiddleLines(text, level);
        if (cleared !== undefined) expect(cleared.length).toBeLessThan(text.length);
      }
    }
  });
});

describe('maskToolResults', () => {
  it('masks each result but keeps its id, is_error and other fields; other blocks stay the same objects', () => {
    const text = { type: 'text' as const, text: 'continue' };
    const message: Message = {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'a', content: lines(50), is_error: true, cache_control: { type: 'ephemeral' } },
        { type: 'tool_result', tool_use_id: 'b', content: 'short' },
        text,
      ],
    };
    const before = structuredClone(message);
    const masked = maskToolResults(message, limits) as Message;
    const [first, second, third] = masked.content as ToolResultBlock[];
    expect(first).toEqual({ type: 'tool_result', tool_use_id: 'a', is_error: true, cache_control: { type: 'ephemeral' }, content: 'line 0\nline 1\n[… 47 lines cleared …]\nline 49' });
    expect(second).toBe((message.content as ToolResultBlock[])[1]);
    expect(third).toBe(text);
    expect(message).toEqual(before);
  });

  it('joins block content into one text block and counts the images it leaves out', () => {
    const message: Message = {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'a',
          content: [{ type: 'text', text: lines(60) }, { type: 'image', source: { type: 'base64', data: 'AAAA' } }],
        },
      ],
    };
    const block = ((maskToolResults(message, limits) as Message).content as ToolResultBlock[])[0] as ToolResultBlock;
    expect(block.content).toEqual([{ type: 'text', text: 'line 0\nline 1\n[… 57 lines cleared …]\nline 59\n[… 1 image cleared …]' }]);
  });

  it('returns undefined when nothing gets shorter', () => {
    expect(maskToolResults({ role: 'user', content: 'plain' }, limits)).toBeUndefined();
    expect(maskToolResults({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'ok' }] }, limits)).toBeUndefined();
  });
});

describe('summarizeMessage', () => {
  it('replaces the content, keeping the role, the shape and other fields', () => {
    const message: Message = { role: 'assistant', content: [{ type: 'text', text: 'A long answer. '.repeat(20) }], id: 'm1' };
    expect(summarizeMessage(message, () => 'A long answer.', 300)).toEqual({ role: 'assistant', content: [{ type: 'text', text: '[Summary] A long answer.' }], id: 'm1' });
    expect(summarizeMessage({ role: 'user', content: 'x'.repeat(100) }, () => ' short ', 100)).toEqual({ role: 'user', content: '[Summary] short' });
  });

  it('refuses a summary that is empty or no shorter', () => {
    expect(summarizeMessage({ role: 'user', content: 'hello' }, () => '   ', 5)).toBeUndefined();
    expect(summarizeMessage({ role: 'user', content: 'hello' }, () => 'hello there', 5)).toBeUndefined();
  });
});
