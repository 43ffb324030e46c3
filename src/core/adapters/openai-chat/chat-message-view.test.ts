/** Chat Completions messages as the canonical view: every role, part and legacy shape, and the errors that name where. */
import { describe, expect, it } from 'vitest';
import { chatMessageView } from './chat-message-view';

const link = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/"[^"]*prunescope-link:/g, '"LINK:')) as unknown;
const view = (messages: unknown[]) => link(chatMessageView(messages, 'pruneChatMessages').messages);

describe('chatMessageView', () => {
  it('system and developer messages are outside the view; plain user and assistant messages are themselves', () => {
    const user = { role: 'user', content: 'hi' };
    const assistant = { role: 'assistant', content: 'yo' };
    const v = chatMessageView([{ role: 'system', content: 's' }, { role: 'developer', content: 'd' }, user, assistant], 'x');
    expect(v.messages[0]).toBe(user);
    expect(v.messages[1]).toBe(assistant);
    expect([...v.owner]).toEqual([-1, -1, 0, 1]);
    expect([...v.first]).toEqual([2, 3]);
  });

  it('user parts: text, refusal, images, audio, files and loose values', () => {
    expect(
      view([{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'refusal', refusal: 'r' }, { type: 'refusal' }, { type: 'image_url', image_url: { url: 'https://x/i.png' } }, { type: 'image_url' }, { type: 'input_audio', input_audio: {} }, { type: 'file', file: { filename: 'f.pdf' } }, { type: 'file' }, 'loose', null] }]),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'r' },
          { type: 'text', text: '' },
          { type: 'image', source: { type: 'url', url: 'https://x/i.png' } },
          { type: 'image', source: { type: 'url', url: '' } },
          { type: 'document', title: 'audio' },
          { type: 'document', title: 'f.pdf' },
          { type: 'document', title: 'file' },
          { type: 'text', text: 'loose' },
          { type: 'text', text: '' },
        ],
      },
    ]);
    expect(view([{ role: 'user', content: null }])).toEqual([{ role: 'user', content: '' }]);
  });

  it('assistant: text, parts, refusal, tool calls (function and custom), and the legacy function_call with its function message', () => {
    expect(
      view([
        { role: 'assistant', content: 'let me', refusal: 'cannot', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }, { id: 'c2', type: 'custom', custom: { name: 'g', input: 'x' } }, { id: 'c3', type: 'function', function: {} }] },
        { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'ok' }, { type: 'image' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'p' }], function_call: { name: 'old', arguments: '{"a":1}' } },
        { role: 'function', name: 'old', content: 'done' },
        { role: 'function', name: 'old', content: 'unasked' },
        { role: 'assistant', content: '', tool_calls: null, function_call: { name: 'bare' } },
      ]),
    ).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'let me' }, { type: 'text', text: 'cannot' }, { type: 'tool_use', id: 'c1', name: 'f', input: '{}' }, { type: 'tool_use', id: 'c2', name: 'g', input: 'x' }, { type: 'tool_use', id: 'c3', name: '', input: '' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'ok' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'p' }, { type: 'tool_use', id: 'LINK:function:2', name: 'old', input: '{"a":1}' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'LINK:function:2', content: 'done' }] },
      { role: 'user', content: 'unasked' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'LINK:function:5', name: 'bare', input: '' }] },
    ]);
  });

  it('empty and missing contents: a call with null content, an empty refusal, a tool result of no text', () => {
    expect(
      view([
        { role: 'assistant', content: null, refusal: '', tool_calls: [{ id: 'c', function: { name: 'f', arguments: '' } }] },
        { role: 'tool', tool_call_id: 'c', content: 5 },
        { role: 'user', content: [{ type: 'text', text: 'q' }] },
        { role: 'assistant', content: 'a', refusal: 'r' },
      ]),
    ).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c', name: 'f', input: '' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c', content: '' }] },
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'r' }] },
    ]);
  });

  it.each([
    ['not an array', null, /messages must be an array, got null/],
    ['a null message', [null], /messages\[0\] is null; expected a Chat message/],
    ['a number', [5], /messages\[0\] is number/],
    ['a tool message without an id (an AI SDK tool message, by its shape)', [{ role: 'tool', content: 'x' }], /messages\[0\].*pruneModelMessages/],
    ['a role Chat lacks', [{ role: 'model', content: 'x' }], /messages\[0\]\.role must be 'system', 'developer', 'user', 'assistant', 'tool' or 'function', got "model"/],
    ['tool_calls that are not a list', [{ role: 'assistant', content: '', tool_calls: 'x' }], /messages\[0\]\.tool_calls must be an array, got string/],
    ['a part Chat lacks', [{ role: 'user', content: [{ type: 'video' }] }], /messages\[0\] has a content part of type "video"/],
    ['an AI SDK message', [{ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c' }] }], /pruneModelMessages/],
  ] as const)('%s is a TypeError that says where', (_, messages, error) => {
    expect(() => chatMessageView(messages as unknown as unknown[], 'pruneChatMessages')).toThrow(error);
  });
});
