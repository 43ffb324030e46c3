import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repairConversation } from '../../repair/repair-conversation';
import type { Message } from '../../types';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const FILES = ['codemie-session-2025-12-01.json', 'gemini-cli-sample.json', 'gemini-cli-sample.jsonl'];

/**
 * Messages as the API reads them: consecutive messages of one role merged, each turn's results in the order of its
 * calls. A Gemini record holds a call's result inside the call, so results come back in call order and apart from
 * the user's words after them; the request is the same.
 */
function asSent(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (const m of messages) {
    const blocks = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
    const last = out[out.length - 1];
    if (last?.role === m.role) last.content = [...(last.content as []), ...blocks];
    else out.push({ role: m.role, content: [...blocks] });
  }
  out.forEach((m, i) => {
    const calls = (out[i - 1]?.content as { type: string; id?: string }[] | undefined)?.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])) ?? [];
    const rank = (b: { type: string; tool_use_id?: unknown }) => (b.type === 'tool_result' ? calls.indexOf(String(b.tool_use_id)) : calls.length);
    if (m.role === 'user') m.content = [...(m.content as [])].sort((a, b) => rank(a) - rank(b));
  });
  // What a block says, without the fields another API adds (`caller`, `signature`, `is_error: false`).
  const PICK = ['type', 'text', 'thinking', 'id', 'name', 'input', 'tool_use_id', 'content', 'source'];
  const said = (block: unknown): unknown => {
    const b = block as Record<string, unknown>;
    const picked = Object.fromEntries(PICK.filter((k) => k in b).map((k) => [k, k === 'content' && Array.isArray(b.content) ? b.content.map(said) : b[k]]));
    return b.is_error === true ? { ...picked, is_error: true } : picked;
  };
  return out.map((m) => ({ role: m.role, content: (m.content as unknown[]).map(said) })) as Message[];
}

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
