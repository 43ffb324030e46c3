import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repairConversation } from '../../repair/repair-conversation';
import type { Message } from '../../types';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const FILES = ['openhands-basic.json', 'openhands-basic-gui-mode.json', 'openhands-wrong-initial-state.json', 'openhands-sample.json'];
/** A message of one text block as its text: an agent `message` event reads back as a string. */
const flat = (messages: readonly Message[]): Message[] =>
  messages.map((m) => (Array.isArray(m.content) && m.content.length === 1 && m.content[0]?.type === 'text' ? { ...m, content: String(m.content[0].text) } : m));
const ids = (text: string): unknown[] => (JSON.parse(text) as { id: unknown }[]).map((e) => e.id);

describe('OpenHands export', () => {
  it.each(FILES)('%s: every message kept gives the same bytes', (name) => {
    const text = fixture(name);
    const c = parseTranscript(text).conversations[0]!;
    const out = serializeTranscript(c, c.messages);
    expect(out.text).toBe(text);
    expect(out.note).toBeUndefined();
  });

  it('events keep their ids and their order; a call dropped takes its actions and observations, its bookkeeping goes with it', () => {
    const text = fixture('openhands-basic-gui-mode.json');
    const c = parseTranscript(text).conversations[0]!;
    const kept = c.messages.filter((_, i) => i !== 3 && i !== 4);
    const out = serializeTranscript(c, kept);
    expect(ids(out.text)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14, 15, 16, 17]);
    expect(parseTranscript(out.text).conversations[0]!.messages).toEqual(kept);
  });

  it('after a condensation, an event listed on both sides is written once, where it was', () => {
    const text = fixture('openhands-sample.json');
    const c = parseTranscript(text).conversations[0]!;
    const kept = c.messages.slice(3);
    const out = serializeTranscript(c, kept);
    expect(ids(out.text)).toEqual([0, 1, 2, 7, 8, 9, 10]);
    const back = parseTranscript(out.text).conversations[0]!;
    expect(back.messages.slice(back.boundaries?.[0]?.messageIndex)).toEqual(kept);
  });

  it('a masked result is its observation with the new text, the decorations OpenHands adds taken off', () => {
    const c = parseTranscript(fixture('openhands-sample.json')).conversations[0]!;
    const masked: Message = {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_01A', content: '[masked]\n[The command completed with exit code 0.]' },
        { type: 'tool_result', tool_use_id: 'toolu_01B', content: '[masked]' },
      ],
    };
    const messages = c.messages.map((m, i) => (i === 2 ? masked : m));
    const out = serializeTranscript(c, messages);
    expect(out.note).toBe('1 message is written from changed content (masked or repaired).');
    const events = JSON.parse(out.text) as Record<string, unknown>[];
    expect(events.find((e) => e.id === 5)).toMatchObject({ content: '[masked]', extras: { metadata: { suffix: '\n[The command completed with exit code 0.]' } } });
    expect(events.find((e) => e.id === 6)).toMatchObject({ content: '[masked]', extras: { metadata: { prefix: '', suffix: '' } } });
    expect(parseTranscript(out.text).conversations[0]!.messages).toEqual(messages);
  });

  it('a repaired stream reads back as repaired: the finish call removed leaves the agent’s words, or is answered with an error', () => {
    const c = parseTranscript(fixture('openhands-basic.json')).conversations[0]!;
    const removed = repairConversation(c, { unansweredCalls: 'remove' }).conversation;
    expect(flat(parseTranscript(serializeTranscript(removed, removed.messages).text).conversations[0]!.messages)).toEqual(flat(removed.messages));
    // An error result is an ErrorObservation, which OpenHands sends with its own line after the text.
    const answered = repairConversation(c, { unansweredCalls: 'answer' }).conversation;
    const back = parseTranscript(serializeTranscript(answered, answered.messages).text).conversations[0]!;
    const last = answered.messages[answered.messages.length - 1]!;
    const result = (last.content as { content: string }[])[0]!;
    expect(back.messages).toEqual([
      ...answered.messages.slice(0, -1),
      { role: 'user', content: [{ ...result, content: `${result.content}\n[Error occurred in processing last action]` }] },
    ]);
  });

  it('a conversation of another format becomes an event stream: calls as actions with their model response, results as observations', () => {
    const source = parseTranscript(fixture('openhands-sdk-fncall-llm-message.json')).conversations[0]!;
    const out = serializeTranscript(source, source.messages, 'openhands');
    expect(out.note).toMatch(/^Converted from OpenAI Chat Completions JSON/);
    const back = parseTranscript(out.text);
    expect(back.format).toBe('openhands');
    const c = back.conversations[0]!;
    expect(c.system).toBe(source.system);
    expect(c.messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(source.messages.filter((m) => m.role === 'assistant').map((m) => m.content));
    const results = (messages: readonly Message[]) => messages.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((b) => b.type === 'tool_result') : []));
    expect(results(c.messages)).toEqual(results(source.messages));
  });
});
