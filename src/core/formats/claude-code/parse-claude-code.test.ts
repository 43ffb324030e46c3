import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../links/link-tool-calls';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';

let uuid = 0;
const jsonl = (...records: object[]): string => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
const user = (content: unknown, extra: object = {}): object => ({
  type: 'user',
  sessionId: 's1',
  uuid: `u${++uuid}`,
  parentUuid: uuid > 1 ? `u${uuid - 1}` : null,
  message: { role: 'user', content },
  ...extra,
});
const assistant = (id: string, block: object, extra: object = {}): object => ({
  type: 'assistant',
  sessionId: 's1',
  uuid: `u${++uuid}`,
  parentUuid: `u${uuid - 1}`,
  message: { id, type: 'message', role: 'assistant', model: 'claude', content: [block] },
  ...extra,
});
const use = (id: string): object => ({ type: 'tool_use', id, name: 'Bash', input: { command: id } });
const result = (id: string): object => ({ type: 'tool_result', tool_use_id: id, content: `out ${id}` });

describe('Claude Code session JSONL', () => {
  it('merges lines sharing message.id into one assistant message, even with tool_result lines between the parts', () => {
    const text = jsonl(
      user('go'),
      assistant('m1', { type: 'text', text: 'two calls' }),
      assistant('m1', use('a')),
      user([result('a')]),
      assistant('m1', use('b')),
      user([result('b')]),
      assistant('m2', { type: 'text', text: 'done' }),
    );
    const { format, conversations } = parseTranscript(text);
    expect(format).toBe('claude-code');
    expect(conversations[0]?.messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'text', text: 'two calls' }, use('a'), use('b')] },
      { role: 'user', content: [result('a'), result('b')] },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
    ]);
    expect(conversations[0]?.sourceLines).toEqual([[1], [2, 3, 5], [4, 6], [7]]);
  });

  it('puts every tool result right after the assistant turn that called it', () => {
    // The result of `a` arrives after a later assistant message and a user interruption.
    const text = jsonl(
      user('go'),
      assistant('m1', use('a')),
      user([{ type: 'text', text: '[Request interrupted by user]' }]),
      assistant('m2', use('b')),
      user([result('b')]),
      user([result('a')]),
    );
    const messages = parseTranscript(text).conversations[0]?.messages ?? [];
    expect(messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [use('a')] },
      { role: 'user', content: [result('a'), { type: 'text', text: '[Request interrupted by user]' }] },
      { role: 'assistant', content: [use('b')] },
      { role: 'user', content: [result('b')] },
    ]);
    expect(linkToolCalls(messages).orphans).toEqual([]);
  });

  it('merges the user lines between two assistant messages into one user message, tool results first', () => {
    const text = jsonl(user('go'), assistant('m1', use('a')), user('and also this'), user([result('a')]));
    expect(parseTranscript(text).conversations[0]?.messages[2]).toEqual({
      role: 'user',
      content: [result('a'), { type: 'text', text: 'and also this' }],
    });
  });

  it('skips bookkeeping lines as information, counted per type, not as warnings', () => {
    const text = jsonl(
      { type: 'file-history-snapshot', messageId: 'x', snapshot: {} },
      { type: 'summary', summary: 'Earlier work', leafUuid: 'u1' },
      user('go'),
      { type: 'progress', data: { type: 'hook_progress' } },
      { type: 'progress', data: { type: 'hook_progress' } },
      { type: 'system', subtype: 'turn_duration', durationMs: 5 },
      { type: 'queue-operation', operation: 'enqueue' },
      { type: 'custom-title', customTitle: 'my session', sessionId: 's1' },
      assistant('m1', { type: 'text', text: 'hi' }),
    );
    const parsed = parseTranscript(text);
    expect(parsed.conversations[0]?.messages).toHaveLength(2);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.skipped).toEqual([
      { type: 'file-history-snapshot', count: 1 },
      { type: 'summary', count: 1 },
      { type: 'progress', count: 2 },
      { type: 'system', count: 1 },
      { type: 'queue-operation', count: 1 },
      { type: 'custom-title', count: 1 },
    ]);
  });

  it('warns about what may have lost data: a record of unknown type, a message line it cannot read, a non-object line', () => {
    const text = jsonl(
      user('go'),
      { type: 'handoff', note: 'a record type this reader does not know' },
      { type: 'user', uuid: 'x', message: 'not an object' },
      { type: 'handoff', note: 'again' },
      assistant('m1', { type: 'text', text: 'hi' }),
    ) + '[1, 2]\n';
    const parsed = parseTranscript(text);
    expect(parsed.conversations[0]?.messages).toHaveLength(2);
    expect(parsed.skipped).toEqual([]);
    expect(parsed.warnings).toEqual([
      { line: 2, message: 'Skipped 2 lines of unknown type `handoff` (first at line 2): they may hold conversation content.' },
      { line: 3, message: 'Line 3 skipped: a `user` record without a `message` object.' },
      { line: 6, message: 'Line 6 skipped: not a JSON object.' },
    ]);
  });

  it('keeps sidechain (subagent) lines out of the main conversation, in a conversation of their own', () => {
    const text = jsonl(
      user('main task'),
      user('explore the repo', { isSidechain: true, agentId: 'ag1' }),
      assistant('s1', { type: 'text', text: 'found it' }, { isSidechain: true, agentId: 'ag1' }),
      assistant('m1', { type: 'text', text: 'main answer' }),
    );
    const { conversations } = parseTranscript(text);
    expect(conversations.map((c) => c.id)).toEqual(['s1', 's1/ag1']);
    expect(conversations[0]?.messages).toEqual([
      { role: 'user', content: 'main task' },
      { role: 'assistant', content: [{ type: 'text', text: 'main answer' }] },
    ]);
    expect(conversations[1]?.messages).toHaveLength(2);
    expect(conversations[1]?.title).toBe('Subagent: explore the repo');
    // Exported on its own, a subagent conversation is a main conversation again.
    const sub = conversations[1];
    if (!sub) throw new Error('no sidechain');
    expect(parseTranscript(serializeTranscript(sub, sub.messages).text).conversations[0]?.messages).toEqual(sub.messages);
  });

  it('opens a subagent file (every line isSidechain) on the subagent conversation, not on an empty main one', () => {
    const sub = { isSidechain: true, agentId: 'a77' };
    const text = jsonl(
      user('explore the repo', sub),
      assistant('s1', use('a'), sub),
      user([result('a')], sub),
      assistant('s2', { type: 'text', text: 'found it' }, sub),
    );
    const { conversations } = parseTranscript(text);
    expect(conversations.map((c) => c.id)).toEqual(['s1/a77']);
    expect(conversations[0]?.title).toBe('Subagent: explore the repo');
    expect(conversations[0]?.messages).toHaveLength(4);
  });

  it('marks compact summaries and meta lines in annotations', () => {
    const text = jsonl(
      user('Caveat: generated by local commands', { isMeta: true }),
      assistant('m1', { type: 'text', text: 'ok' }),
      { type: 'system', subtype: 'compact_boundary', content: 'Conversation compacted' },
      user('This session is being continued from a previous conversation…', { isCompactSummary: true }),
      assistant('m2', { type: 'text', text: 'continuing' }),
    );
    const c = parseTranscript(text).conversations[0];
    expect(c?.annotations).toEqual([{ meta: true }, undefined, { compactSummary: true }, undefined]);
    expect(c?.title).toBe('This session is being continued from a previous conversation…');
  });

  it('keeps the compact summary its own message and records the compact boundary on the conversation', () => {
    const boundary = {
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      uuid: 'b1',
      parentUuid: null,
      logicalParentUuid: 'u3',
      compactMetadata: { trigger: 'auto', preTokens: 170251 },
    };
    const summary = 'This session is being continued from a previous conversation that ran out of context.';
    const text = jsonl(
      user('go'),
      assistant('m1', use('a')),
      user([result('a')]),
      boundary,
      user(summary, { isCompactSummary: true }),
      user('and now the tests'),
      assistant('m2', { type: 'text', text: 'continuing' }),
    );
    const c = parseTranscript(text).conversations[0];
    expect(c?.messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [use('a')] },
      { role: 'user', content: [result('a')] },
      { role: 'user', content: summary },
      { role: 'user', content: 'and now the tests' },
      { role: 'assistant', content: [{ type: 'text', text: 'continuing' }] },
    ]);
    expect(c?.annotations?.[3]).toEqual({ compactSummary: true });
    expect(c?.boundaries).toEqual([
      { messageIndex: 3, kind: 'compact-boundary', trigger: 'auto', preTokens: 170251, line: 4, record: boundary },
    ]);
  });

  it('moves a result logged after the boundary back to its call, never into the compact summary', () => {
    const text = jsonl(
      user('go'),
      assistant('m1', use('a')),
      { type: 'system', subtype: 'compact_boundary', uuid: 'b1', parentUuid: null, compactMetadata: { trigger: 'manual', preTokens: 9000 } },
      user('Summary of the earlier conversation', { isCompactSummary: true }),
      user([result('a')]),
    );
    const c = parseTranscript(text).conversations[0];
    expect(c?.messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [use('a')] },
      { role: 'user', content: [result('a')] },
      { role: 'user', content: 'Summary of the earlier conversation' },
    ]);
    expect(c?.boundaries?.map((b) => b.messageIndex)).toEqual([3]);
  });

  it('writes the compact boundary back before its summary, so the boundary survives the round trip', () => {
    const text = jsonl(
      user('go'),
      assistant('m1', { type: 'text', text: 'a' }),
      user('more'),
      { type: 'system', subtype: 'compact_boundary', uuid: 'b1', parentUuid: null, compactMetadata: { trigger: 'auto', preTokens: 5 } },
      user('Summary', { isCompactSummary: true }),
      assistant('m2', { type: 'text', text: 'b' }),
    );
    const c = parseTranscript(text).conversations[0]!;
    const back = parseTranscript(serializeTranscript(c, c.messages).text).conversations[0]!;
    expect(back.messages).toEqual(c.messages);
    expect(back.boundaries?.map(({ messageIndex, trigger, preTokens }) => ({ messageIndex, trigger, preTokens }))).toEqual([
      { messageIndex: 3, trigger: 'auto', preTokens: 5 },
    ]);
    // Pruned to the messages after the boundary, the boundary line still opens the file.
    const kept = c.messages.slice(3);
    const lines = serializeTranscript(c, kept).text.trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(lines.map((l) => l.type)).toEqual(['system', 'user', 'assistant']);
  });

  it('reads ids such as __proto__ and constructor as plain keys', () => {
    const text = jsonl(user('go'), assistant('__proto__', use('constructor')), user([result('constructor')]), assistant('__proto__', use('toString')));
    const messages = parseTranscript(text).conversations[0]?.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[1]?.content).toEqual([use('constructor'), use('toString')]);
  });

  it('writes back one line per message with an unbroken parentUuid chain after pruning', () => {
    const text = jsonl(
      user('first'),
      assistant('m1', { type: 'text', text: 'a' }),
      user('second'),
      assistant('m2', use('x')),
      assistant('m2', use('y')),
      user([result('x')]),
      user([result('y')]),
    );
    const c = parseTranscript(text).conversations[0];
    if (!c) throw new Error('no conversation');
    const summary = { role: 'user' as const, content: '[Previous context: 2 turns summarized]' };
    const kept = [summary, ...c.messages.slice(2)];
    const out = serializeTranscript(c, kept);
    expect(out).toMatchObject({ format: 'claude-code', fileExtension: 'jsonl', mimeType: 'application/x-ndjson' });
    const lines = out.text.trim().split('\n').map((l) => JSON.parse(l) as { uuid: string; parentUuid: string | null });
    expect(lines).toHaveLength(4);
    expect(lines[0]?.parentUuid).toBeNull();
    for (let i = 1; i < lines.length; i++) expect(lines[i]?.parentUuid).toBe(lines[i - 1]?.uuid);
    // The summary and the next user turn merge on reading, as the API would merge them.
    expect(parseTranscript(out.text).conversations[0]?.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: summary.content }, { type: 'text', text: 'second' }] },
      ...c.messages.slice(3),
    ]);
  });
});
