import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repairConversation } from '../../repair/repair-conversation';
import type { Message } from '../../types';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';
import { asSent } from '../../../../test/support/as-sent';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const FILES = ['codemie-session-2025-12-01.json', 'gemini-cli-sample.json', 'gemini-cli-sample.jsonl'];


describe('Gemini CLI export', () => {
  it.each(FILES)('%s: every message kept gives the same bytes', (name) => {
    const text = fixture(name);
    const c = parseTranscript(text).conversations[0]!;
    const out = serializeTranscript(c, c.messages);
    expect(out.text).toBe(text);
    expect(out.note).toBeUndefined();
    expect(out.fileExtension).toBe(name.endsWith('.jsonl') ? 'jsonl' : 'json');
  });

  it('dropping a call and its results drops the record; the UI records that came with it go with it', () => {
    const c = parseTranscript(fixture('gemini-cli-sample.json')).conversations[0]!;
    const kept = c.messages.filter((_, i) => i !== 5 && i !== 6);
    const out = serializeTranscript(c, kept);
    const records = (JSON.parse(out.text) as { messages: { id: string }[] }).messages.map((r) => r.id.slice(-1));
    expect(records).toEqual(['1', '2', '3', '7', '8', '9']);
    expect(parseTranscript(out.text).conversations[0]!.messages).toEqual(kept);
  });

  it('a masked result goes back into its call; the rest of the record stays as it was', () => {
    const c = parseTranscript(fixture('codemie-session-2025-12-01.json')).conversations[0]!;
    const masked: Message = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'read_file-1764625560264-22036414d7d65', content: '[masked: 1,203 tokens]' }] };
    const messages = c.messages.map((m, i) => (i === 6 ? masked : m));
    const out = serializeTranscript(c, messages);
    expect(out.note).toBe('1 record is written from changed content (masked or repaired results go back into their calls).');
    const written = (JSON.parse(out.text) as { messages: Record<string, unknown>[] }).messages[4]!;
    const original = (JSON.parse(fixture('codemie-session-2025-12-01.json')) as { messages: Record<string, unknown>[] }).messages[4]!;
    expect({ ...written, toolCalls: undefined }).toEqual({ ...original, toolCalls: undefined });
    expect((written.toolCalls as Record<string, unknown>[])[0]).toEqual({
      ...(original.toolCalls as Record<string, unknown>[])[0],
      result: [{ functionResponse: { id: 'read_file-1764625560264-22036414d7d65', name: 'read_file', response: { output: '[masked: 1,203 tokens]' } } }],
    });
    expect(parseTranscript(out.text).conversations[0]!.messages).toEqual(messages);
  });

  it('a repaired session reads back as the API reads the repaired one: the call that never got a response goes, or is answered with an error', () => {
    const c = parseTranscript(fixture('gemini-cli-sample.json')).conversations[0]!;
    for (const unansweredCalls of ['remove', 'answer'] as const) {
      const { conversation } = repairConversation(c, { unansweredCalls });
      const back = parseTranscript(serializeTranscript(conversation, conversation.messages).text).conversations[0]!;
      expect(asSent(back.messages), unansweredCalls).toEqual(asSent(conversation.messages));
    }
  });

  it('JSONL: the checkpoint line is written before the first message after it, holding only the records kept', () => {
    const text = fixture('gemini-cli-sample.jsonl');
    const c = parseTranscript(text).conversations[0]!;
    const kept = [c.messages[0]!, c.messages[4]!, c.messages[5]!];
    const out = serializeTranscript(c, kept);
    const back = parseTranscript(out.text).conversations[0]!;
    expect(back.messages).toEqual(kept);
    expect(back.boundaries).toMatchObject([{ messageIndex: 1, kind: 'checkpoint' }]);
    expect(back.annotations?.[1]).toEqual({ compactSummary: true });
    expect(out.text.split('\n')[3]).toMatch(/^\{"\$set":\{"messages":\[\{"id":"c1"/);
  });

  it('JSONL keeps the file’s order: a record written again after others, and the metadata line after it', () => {
    const text = [
      { sessionId: 's', projectHash: 'p', startTime: 't', lastUpdated: 't' },
      { id: 'u', timestamp: 't', type: 'user', content: 'go' },
      { id: 'g', timestamp: 't', type: 'gemini', content: 'ok', tokens: null },
      { $set: { messages: [{ id: 'u', timestamp: 't', type: 'user', content: 'go' }, { id: 'x', timestamp: 't', type: 'user', content: '/stats' }, { id: 'h', timestamp: 't', type: 'gemini', content: 'hi' }] } },
      { id: 'x', timestamp: 't', type: 'user', content: '/stats' },
      { $set: { lastUpdated: 't2' } },
      { id: 'u', timestamp: 't', type: 'user', content: 'go' },
      { id: 'h', timestamp: 't', type: 'gemini', content: 'hi', tokens: { input: 9, output: 1, cached: 0 } },
    ]
      .map((line) => `${JSON.stringify(line)}\n`)
      .join('');
    const c = parseTranscript(text).conversations[0]!;
    expect(serializeTranscript(c, c.messages).text).toBe(text);
  });

  // Regression (CI, seed 993333425): the rebuilt record went where the message's last version was, after a message
  // its first version preceded, and the session read back in another order.
  it.each([
    ['written again after another message', false],
    ['listed in a checkpoint, then written again after it', true],
  ])('JSONL: a changed message %s is rebuilt where its first version was, so it reads back in its place', (_, inCheckpoint) => {
    const call = (output: string): Record<string, unknown> => ({
      id: 'g', timestamp: 't', type: 'gemini', content: 'reading',
      toolCalls: [{ id: 'c1', name: 'read_file', args: { path: 'a' }, result: [{ functionResponse: { id: 'c1', name: 'read_file', response: { output } } }], status: 'success', timestamp: 't' }],
    });
    const later = { id: 'h', timestamp: 't', type: 'gemini', content: 'done' };
    const lines = [
      { sessionId: 's', projectHash: 'p', startTime: 't', lastUpdated: 't' },
      { id: 'u', timestamp: 't', type: 'user', content: 'go' },
      ...(inCheckpoint ? [{ $set: { messages: [{ id: 'u', timestamp: 't', type: 'user', content: 'go' }, call('long output'), later] } }] : [call('long output'), later]),
      call('long output, again'),
    ];
    const c = parseTranscript(lines.map((line) => `${JSON.stringify(line)}\n`).join('')).conversations.at(-1)!;
    const masked = c.messages.map((m) =>
      typeof m.content !== 'string' && m.content[0]?.type === 'tool_result' ? { ...m, content: [{ ...m.content[0], content: '[masked]' }] } : m,
    );
    const back = parseTranscript(serializeTranscript(c, masked).text).conversations.at(-1)!;
    expect(asSent(back.messages)).toEqual(asSent(masked));
  });

  it('JSONL: a message changed inside a checkpoint’s list is written back into that list', () => {
    const c = parseTranscript(fixture('gemini-cli-sample.jsonl')).conversations[0]!;
    // A message a strategy made has no record: it goes where the message before it is, here in the checkpoint.
    const changed: Message = { role: 'user', content: 'The user asked to fix a failing test.' };
    const messages = c.messages.map((m, i) => (i === 4 ? changed : m));
    const back = parseTranscript(serializeTranscript(c, messages).text).conversations[0]!;
    expect(back.messages).toEqual(messages);
    expect(back.boundaries?.[0]?.messageIndex).toBe(3);
  });

  it('a conversation of another format becomes session JSON that reads back the same', () => {
    const source = parseTranscript(fixture('spotter-tool-heavy.jsonl')).conversations[0]!;
    const { conversation } = repairConversation(source);
    const out = serializeTranscript(conversation, conversation.messages, 'gemini-cli');
    expect(out.format).toBe('gemini-cli');
    expect(out.note).toMatch(/^Converted from Claude Code session JSONL\./);
    const back = parseTranscript(out.text);
    expect(back.format).toBe('gemini-cli');
    expect(asSent(back.conversations[0]!.messages)).toEqual(asSent(conversation.messages));
  });
});
