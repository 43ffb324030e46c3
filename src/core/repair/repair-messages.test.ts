import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message } from '../types';
import { validateMessages } from '../formats/validate-messages';
import { assistant, callTurn, resultTurn, toolResult, toolUse, user } from '../../../test/support/build-messages';
import { linkToolCalls } from '../links/link-tool-calls';
import { repairMessages } from './repair-messages';

const text = (t: string): ContentBlock => ({ type: 'text', text: t });
const rules = (messages: readonly Message[]): string[] => validateMessages(messages, 'anthropic').map((p) => p.rule);

describe('repairMessages', () => {
  it('changes nothing in a valid transcript, and returns the very same message objects', () => {
    const input = [user('go'), callTurn('a', 'b'), resultTurn('a', 'b'), assistant('done')];
    const out = repairMessages(input);
    expect(out.changes).toEqual([]);
    expect(out.origin).toEqual([0, 1, 2, 3]);
    out.messages.forEach((m, k) => expect(m).toBe(input[k]));
  });

  it('removes whitespace-only and empty text blocks, the way Claude Code logs them ("\\n\\n"), and messages left empty', () => {
    const input: Message[] = [
      user('go'),
      { role: 'assistant', content: [text('\n\n'), text('Reading it.'), toolUse('a')] },
      resultTurn('a'),
      { role: 'assistant', content: [text('\n\n')] },
      { role: 'assistant', content: [text(''), text('Done.')] },
    ];
    expect(rules(input)).toEqual(['anthropic/whitespace-text-block', 'anthropic/whitespace-text-block', 'anthropic/empty-text-block']);
    const out = repairMessages(input);
    expect(out.messages).toEqual([
      user('go'),
      { role: 'assistant', content: [text('Reading it.'), toolUse('a')] },
      resultTurn('a'),
      { role: 'assistant', content: [text('Done.')] },
    ]);
    expect(out.origin).toEqual([0, 1, 2, 4]);
    expect(out.changes).toEqual([
      { index: 1, rule: 'anthropic/whitespace-text-block', detail: 'removed a whitespace-only text block' },
      { index: 3, rule: 'anthropic/whitespace-text-block', detail: 'removed a whitespace-only text block' },
      { index: 3, rule: 'anthropic/empty-content', detail: 'removed the message: the repair left it empty' },
      { index: 4, rule: 'anthropic/empty-text-block', detail: 'removed an empty text block' },
    ]);
    expect(rules(out.messages)).toEqual([]);
  });

  it('removes a tool result that answers no call of the message before it, and a call no result answers', () => {
    const input: Message[] = [
      user('go'),
      { role: 'assistant', content: [text('Two calls.'), toolUse('a'), toolUse('lost')] },
      { role: 'user', content: [toolResult('a'), toolResult('stray')] },
      assistant('done'),
    ];
    const out = repairMessages(input);
    expect(out.messages).toEqual([
      user('go'),
      { role: 'assistant', content: [text('Two calls.'), toolUse('a')] },
      { role: 'user', content: [toolResult('a')] },
      assistant('done'),
    ]);
    expect(out.changes.map((c) => [c.index, c.rule])).toEqual([
      [1, 'anthropic/tool-use-without-result'],
      [2, 'anthropic/unexpected-tool-result'],
    ]);
    expect(out.changes[0]?.detail).toBe('removed the tool_use lost (Read): no tool_result answers it in the next message');
  });

  it("with unansweredCalls: 'answer', answers a lost call with an is_error result right after the call", () => {
    const input: Message[] = [user('go'), { role: 'assistant', content: [toolUse('a'), toolUse('lost')] }, resultTurn('a'), callTurn('end')];
    const out = repairMessages(input, { unansweredCalls: 'answer' });
    const lost = (id: string): ContentBlock => ({
      type: 'tool_result',
      tool_use_id: id,
      content: 'Tool result missing: the transcript holds no result for this call.',
      is_error: true,
    });
    expect(out.messages).toEqual([
      user('go'),
      input[1],
      { role: 'user', content: [toolResult('a'), lost('lost')] },
      callTurn('end'),
      { role: 'user', content: [lost('end')] },
    ]);
    expect(out.messages[1]).toBe(input[1]);
    expect(out.origin).toEqual([0, 1, 2, 3, -1]);
    expect(rules(out.messages)).toEqual([]);
  });

  it('moves results to the start of the message that answers the calls', () => {
    const input: Message[] = [user('go'), callTurn('a'), user('wait, also this'), resultTurn('a')];
    expect(rules(input)).toEqual(['anthropic/tool-result-not-first']);
    const out = repairMessages(input);
    expect(out.messages).toEqual([user('go'), callTurn('a'), { role: 'user', content: [toolResult('a'), text('wait, also this')] }]);
    expect(out.origin).toEqual([0, 1, 2]);
    expect(out.changes.map((c) => c.rule)).toEqual(['anthropic/tool-result-not-first', 'repair/merge-same-role']);
  });

  it('keeps results it moves into a first message that held none, when the message they came from is kept apart', () => {
    // The results' message is not merged into the text before it, so the move crosses messages: the text message
    // must come back with the results, or they are lost and their call orphaned.
    const input: Message[] = [user('go'), callTurn('a'), user('wait, also this'), resultTurn('a')];
    const out = repairMessages(input, { keepApart: [3] });
    expect(out.messages).toEqual([user('go'), callTurn('a'), { role: 'user', content: [toolResult('a'), text('wait, also this')] }]);
    expect(out.origin).toEqual([0, 1, 2]);
    expect(linkToolCalls(out.messages).orphans).toEqual([]);
    expect(rules(out.messages)).toEqual([]);
  });

  it('merges consecutive messages of one role, except those kept apart', () => {
    const input = [user('a'), user('b'), assistant('c'), assistant('d'), user('e')];
    const merged = repairMessages(input);
    expect(merged.messages).toEqual([
      { role: 'user', content: [text('a'), text('b')] },
      { role: 'assistant', content: [text('c'), text('d')] },
      user('e'),
    ]);
    expect(merged.origin).toEqual([0, 2, 4]);
    expect(merged.changes).toEqual([
      { index: 1, rule: 'repair/merge-same-role', detail: 'merged into the user message before it (input 0)' },
      { index: 3, rule: 'repair/merge-same-role', detail: 'merged into the assistant message before it (input 2)' },
    ]);
    const apart = repairMessages(input, { keepApart: [1] });
    expect(apart.messages[0]).toBe(input[0]);
    expect(apart.messages[1]).toBe(input[1]);
    expect(apart.origin).toEqual([0, 1, 2, 4]);
  });

  it('trims trailing whitespace from the final assistant message, which the API rejects', () => {
    const out = repairMessages([user('go'), { role: 'assistant', content: [text('Done.\n')] }]);
    expect(out.messages[1]).toEqual({ role: 'assistant', content: [text('Done.')] });
    expect(out.changes).toEqual([
      { index: 1, rule: 'anthropic/final-assistant-trailing-whitespace', detail: 'trimmed the trailing whitespace of the final assistant message' },
    ]);
  });

  it('removes tool blocks in the wrong role: a tool_use in a user message, a tool_result in an assistant message', () => {
    const input: Message[] = [
      { role: 'user', content: [text('go'), toolUse('u')] },
      { role: 'assistant', content: [toolResult('u'), text('ok')] },
    ];
    const out = repairMessages(input);
    expect(out.messages).toEqual([user('go'), assistant('ok')].map((m) => ({ ...m, content: [text(m.content as string)] })));
    expect(out.changes.map((c) => c.rule)).toEqual(['repair/misplaced-tool-block', 'repair/misplaced-tool-block']);
  });

  it('keeps reused ids paired by position, as linkToolCalls reads them: the later calls are the answered ones', () => {
    const input: Message[] = [user('go'), { role: 'assistant', content: [toolUse('t', 'First'), toolUse('t', 'Second')] }, resultTurn('t')];
    const out = repairMessages(input);
    expect(out.messages[1]).toEqual({ role: 'assistant', content: [toolUse('t', 'Second')] });
    expect(out.changes).toEqual([
      { index: 1, rule: 'anthropic/tool-use-without-result', detail: 'removed the tool_use t (First): no tool_result answers it in the next message' },
    ]);
  });

  it('never mutates its input', () => {
    const input: Message[] = [user('go'), { role: 'assistant', content: [text('\n\n'), toolUse('a')] }, user('x'), resultTurn('a')];
    const copy = structuredClone(input);
    repairMessages(input, { unansweredCalls: 'answer' });
    expect(input).toEqual(copy);
  });

  it('rejects bad arguments with errors that name the field, the value and what is allowed', () => {
    expect(() => repairMessages('nope' as unknown as Message[])).toThrow(new TypeError('repairMessages: messages must be an array, got string'));
    expect(() => repairMessages([{ role: 'system', content: 'x' } as unknown as Message])).toThrow(
      new TypeError(`repairMessages: messages[0].role must be 'user' or 'assistant', got "system"; the system prompt is sent apart, in the request's system field.`),
    );
    // Another API's messages name the entry point that takes them.
    expect(() => repairMessages([{ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c' }] } as unknown as Message])).toThrow(
      /messages\[0\] has role 'tool' with a 'tool-result' part, so it is an AI SDK ModelMessage.*pruneModelMessages from 'prunescope\/ai-sdk'/,
    );
    expect(() => repairMessages([user('a')], { unansweredCalls: 'drop' as 'remove' })).toThrow(
      new TypeError(`repairMessages: options.unansweredCalls must be 'remove' or 'answer', got "drop"`),
    );
    expect(() => repairMessages([user('a')], { keepApart: [1] })).toThrow(
      new RangeError('repairMessages: options.keepApart[0] must be an integer from 0 to 0, got 1'),
    );
  });
});
