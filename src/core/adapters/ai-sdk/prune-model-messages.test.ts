import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import { pruneModelMessages } from './prune-model-messages';

const reasoning = (text: string) => ({ type: 'reasoning' as const, text, providerOptions: { anthropic: { signature: 'sig' } } });
const call = (id: string) => ({ type: 'tool-call' as const, toolCallId: id, toolName: 'read_file', input: { path: id } });
const result = (id: string) => ({ type: 'tool-result' as const, toolCallId: id, toolName: 'read_file', output: { type: 'text' as const, value: `contents of ${id}` } });

/** Two person turns, each: a prompt, reasoning + a call (and an approval request), the tool message, an answer. */
function session(): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const t of [0, 1]) {
    out.push({ role: 'user', content: `task ${t}` });
    out.push({
      role: 'assistant',
      content: [reasoning(`plan ${t} `.repeat(40)), call(`c${t}`), { type: 'tool-approval-request', approvalId: `a${t}`, toolCallId: `c${t}` }],
    });
    out.push({ role: 'tool', content: [{ type: 'tool-approval-response', approvalId: `a${t}`, approved: true }, result(`c${t}`)] });
    out.push({ role: 'assistant', content: [reasoning(`check ${t} `.repeat(40)), { type: 'text', text: `answer ${t}` }] });
  }
  return out;
}

describe('pruneModelMessages', () => {
  it('anthropic-clear-thinking keeps the tool-call parts of a message whose reasoning it clears (no orphaned tool result)', () => {
    const messages = session();
    const out = pruneModelMessages(messages, { strategy: 'anthropic-clear-thinking', keepMode: 'turns', keepTurns: 1 });
    const [, callOut] = messages[1]!.content as unknown[];
    // The old turn loses its reasoning parts only: the call, the approval request and the fields stay as they were.
    expect(out[1]).toEqual({ ...messages[1], content: (messages[1]!.content as unknown[]).slice(1) });
    expect((out[1]!.content as unknown[])[0]).toBe(callOut);
    expect(out[3]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'answer 0' }] });
    expect(out[2]).toBe(messages[2]);
    expect(out.slice(4)).toEqual(messages.slice(4));
  });
});
