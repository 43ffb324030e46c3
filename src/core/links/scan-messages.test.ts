import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { scanMessages, type MessageCheck } from './scan-messages';

/** A check that records what the scan shows it. */
function recorder(): MessageCheck & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    message: (_message, index) => void seen.push(`message ${index}`),
    part: (_message, index, type) => void seen.push(`part ${index} ${type}`),
  };
}

describe('scanMessages with a check', () => {
  it('shows the check every message in order, and each block without a shortcut as its type is read', () => {
    const messages = [
      { role: 'user', content: 'plain' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'hm' },
          { type: 'text', text: 'calling' },
          { type: 'server_tool_use', id: 's1', name: 'web_search', input: {} },
          { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }, { type: 'image_url' }, { type: 42 }, null],
      },
    ] as unknown as Message[];
    const check = recorder();
    const scan = scanMessages(messages, check);
    expect(check.seen).toEqual(['message 0', 'message 1', 'part 1 server_tool_use', 'message 2', 'part 2 image_url']);
    expect(scan.pairs).toBe(1);
  });

  it('stops at the first throw of the check', () => {
    const messages = [
      { role: 'user', content: [{ type: 'input_text', text: 'a' }] },
      { role: 'user', content: 'b' },
    ] as unknown as Message[];
    const check = recorder();
    const failing: MessageCheck = {
      message: check.message,
      part: (message, index, type) => {
        check.part(message, index, type);
        throw new TypeError(`part ${type} at ${index}`);
      },
    };
    expect(() => scanMessages(messages, failing)).toThrow('part input_text at 0');
    expect(check.seen).toEqual(['message 0', 'part 0 input_text']);
  });
});
