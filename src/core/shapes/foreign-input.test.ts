/**
 * The silent failures, made loud: another API's messages handed to an entry point of the Anthropic shape
 * throw a `TypeError` that says where (the index), what gave them away, and which entry point takes them.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { pruneMessages } from '../prune/prune-messages';
import { pruneWithReport } from '../prune/prune-with-report';
import { validateMessages } from '../formats/validate-messages';
import { identifyShape } from './identify-shape';

const aiSdk = [
  { role: 'user', content: 'list files' },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'ls', input: {} }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'ls', output: { type: 'text', value: 'a b' } }] },
];
const chat = [
  { role: 'system', content: 'be brief' },
  { role: 'user', content: 'list files' },
  { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{}' } }] },
  { role: 'tool', tool_call_id: 'c1', content: 'a b' },
];
const responses = [
  { role: 'user', content: 'list files' },
  { type: 'function_call', call_id: 'c1', name: 'ls', arguments: '{}' },
  { type: 'function_call_output', call_id: 'c1', output: 'a b' },
];
const as = (x: unknown) => x as Message[];

describe('foreign input is refused loudly', () => {
  it.each([
    ['pruneMessages', (m: Message[]) => pruneMessages(m, { strategy: 'sliding-window', maxTurns: 1 })],
    ['pruneWithReport', (m: Message[]) => pruneWithReport(m, { strategy: 'sliding-window', maxTurns: 1 })],
  ])('%s names the index, the evidence and the entry point', (name, run) => {
    expect(() => run(as(aiSdk))).toThrow(
      new TypeError(
        `${name}: messages[1] has role 'assistant' with a 'tool-call' part, so it is an AI SDK ModelMessage; ${name} does not take those here. ` +
          `Use pruneModelMessages from 'prunescope/ai-sdk' (AI SDK ModelMessage) instead.`,
      ),
    );
    expect(() => run(as(chat.slice(1)))).toThrow(/messages\[1\] has a 'tool_calls' field, so it is an OpenAI Chat Completions message.*pruneChatMessages from 'prunescope\/openai'/);
    expect(() => run(as(responses))).toThrow(/messages\[1\] has type 'function_call' and no role.*pruneResponsesInput from 'prunescope\/openai'/);
    expect(() => run(as([{ role: 'developer', content: 'x' }]))).toThrow(/messages\[0\] has role 'developer'.*prunescope\/openai/);
    expect(() => run(as([{ role: 'bot', content: 'x' }]))).toThrow(/messages\[0\]\.role must be 'user', 'assistant' or 'system', got "bot"/);
  });

  it('validateMessages refuses another API and points at the provider that reads it', () => {
    expect(() => validateMessages(as(chat), 'anthropic')).toThrow(/messages\[0\]|messages\[2\] has a 'tool_calls' field.*validateMessages\(messages, 'openai-chat'\)/);
    expect(() => validateMessages(as(responses), 'openai-chat')).toThrow(/messages\[1\].*validateMessages\(messages, 'openai-responses'\)/);
    expect(() => validateMessages(as(aiSdk), 'anthropic')).toThrow(/pruneModelMessages from 'prunescope\/ai-sdk'/);
  });

  it("validateMessages(x, 'openai-chat') checks a real Chat array: an orphan tool message first is a problem, not []", () => {
    expect(validateMessages(as(chat), 'openai-chat')).toEqual([]);
    const orphanFirst = validateMessages(as([chat[3], chat[1]]), 'openai-chat');
    expect(orphanFirst.map((p) => [p.messageIndex, p.rule])).toEqual([[0, 'openai-chat/tool-without-call']]);
    const unanswered = validateMessages(as(chat.slice(0, 3).concat([{ role: 'user', content: 'next' }])), 'openai-chat');
    expect(unanswered.map((p) => p.messageIndex)).toEqual([2]);
  });

  it("validateMessages(x, 'openai-responses') checks real items, reporting the item index", () => {
    expect(validateMessages(as(responses), 'openai-responses')).toEqual([]);
    const problems = validateMessages(as(responses.slice(0, 2).concat([{ role: 'user', content: 'next' }])), 'openai-responses');
    expect(problems.map((p) => p.messageIndex)).toEqual([1]);
  });

  it('plain text tells nothing; Anthropic blocks are ours', () => {
    expect(identifyShape({ role: 'user', content: 'hi' })).toBeUndefined();
    expect(identifyShape({ role: 'user', content: [{ type: 'text', text: 'hi' }] })).toBeUndefined();
    expect(identifyShape({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x' }] })?.ecosystem).toBe('anthropic-messages');
  });
});
