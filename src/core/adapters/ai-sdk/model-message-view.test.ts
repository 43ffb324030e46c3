/** AI SDK ModelMessages as the canonical view: the errors that name where, and the messages that are their own view. */
import { describe, expect, it } from 'vitest';
import { modelMessageView } from './model-message-view';

describe('modelMessageView', () => {
  it('system messages are outside the view; a string message is its own view', () => {
    const user = { role: 'user', content: 'hi' };
    const v = modelMessageView([{ role: 'system', content: 's' }, user], 'x');
    expect([...v.owner]).toEqual([-1, 0]);
    expect(v.messages[0]).toBe(user);
  });

  it('a part of a newer SDK is carried through, counted by its fields', () => {
    const part = { type: 'custom-future', data: 1 };
    expect(modelMessageView([{ role: 'assistant', content: [part] }], 'x').messages[0]?.content).toEqual([part]);
  });

  it.each([
    ['not an array', undefined, /messages must be an array, got undefined/],
    ['a null message', [null], /messages\[0\] is null; expected a ModelMessage/],
    ['a string message', ['hi'], /messages\[0\] is string/],
    ['a Chat message', [{ role: 'assistant', content: '', tool_calls: [] }], /messages\[0\].*pruneChatMessages/],
    ['a role the AI SDK lacks', [{ role: 'model', content: 'x' }], /messages\[0\]\.role must be 'system', 'user', 'assistant' or 'tool', got "model"/],
    ['a tool message of a string', [{ role: 'tool', content: 'x' }], /messages\[0\] is a tool message whose content is a string/],
    ['content that is not a list', [{ role: 'user', content: 5 }], /messages\[0\]\.content must be a string or an array of parts, got number/],
    ['content that is null', [{ role: 'user', content: null }], /got null/],
    ['an Anthropic block', [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x' }] }], /messages\[0\].*pruneMessages/],
  ] as const)('%s is a TypeError that says where', (_, messages, error) => {
    expect(() => modelMessageView(messages as unknown as unknown[], 'pruneModelMessages')).toThrow(error);
  });
});
