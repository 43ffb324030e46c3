import { readFileSync } from 'node:fs';
import { convertToModelMessages, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../links/link-tool-calls';
import type { Message } from '../../types';
import { readRecordedTotal } from '../../../../test/support/read-recorded-total';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';
import { pruneMessages } from '../../prune/prune-messages';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const GENERATED = 'ai-sdk-chat.ui-messages.json';
const WRITTEN = 'ai-sdk-written.ui-messages.json';

const parse = (text: string) => {
  const conversation = parseTranscript(text).conversations[0];
  if (conversation === undefined) throw new Error('no conversation');
  return conversation;
};

describe('AI SDK UIMessage[]', () => {
  it('is detected, with tool parts and steps, and only text parts too', () => {
    expect(parseTranscript(fixture(GENERATED)).format).toBe('ai-sdk-ui');
    expect(parseTranscript(JSON.stringify({ id: 'chat-1', messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] })).format).toBe('ai-sdk-ui');
  });

  it('splits each assistant message at its steps into the requests the SDK sent, as its own convertToModelMessages does', async () => {
    for (const name of [GENERATED, WRITTEN]) {
      const ui = JSON.parse(fixture(name)) as UIMessage[];
      // The SDK's own conversion, read by the ModelMessage reader: the same canonical messages.
      const model = await convertToModelMessages(ui);
      const viaSdk = parse(JSON.stringify(model)).messages;
      const mine = parse(fixture(name)).messages;
      expect(mine.map(normal), name).toEqual(viaSdk.map(normal));
    }
  });

  it('reads the states: errors, denials, calls awaiting approval, calls still streaming, data and source parts', () => {
    const parsed = parseTranscript(fixture(WRITTEN));
    const { messages } = parsed.conversations[0] ?? { messages: [] };
    expect(messages[2]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'call_1', content: '{"tempC":14}' },
      { type: 'tool_result', tool_use_id: 'call_2', content: 'unknown city', is_error: true },
    ]);
    expect(messages[5]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'call_4', content: 'Not now', is_error: true }]);
    expect(linkToolCalls(messages).orphans).toEqual([{ id: 'call_3', kind: 'use', messageIndex: 4, blockIndex: 0 }]);
    expect(parsed.skipped).toEqual([
      { type: 'source-url part', count: 1 },
      { type: 'data-* part', count: 1 },
      { type: 'tool call with incomplete input', count: 1 },
    ]);
  });

  it("reads the run's usage from metadata.totalUsage: both turns' totals, one request per step", () => {
    expect(readRecordedTotal(parse(fixture(GENERATED)))).toEqual({
      requests: 8,
      inputTokens: 23788,
      cacheReadInputTokens: 19640,
      cacheCreationInputTokens: 0,
      outputTokens: 650,
      model: 'claude-sonnet-4-5',
      where: 'metadata.totalUsage of 2 assistant messages msg-0001, msg-0002',
    });
    expect(readRecordedTotal(parse(fixture(WRITTEN)))).toMatchObject({ requests: 3, inputTokens: 2100, outputTokens: 80, cacheReadInputTokens: 0 });
  });

  for (const name of [GENERATED, WRITTEN]) {
    it(`${name}: written back byte for byte when everything is kept`, () => {
      const text = fixture(name);
      const conversation = parse(text);
      expect(serializeTranscript(conversation, conversation.messages).text).toBe(text);
    });
  }

  it('writes a message whose first steps were dropped with its later steps only, from its own parts', () => {
    const text = fixture(GENERATED);
    const conversation = parse(text);
    // Drop the first turn's first two steps (messages 1–4, parts 0–7): its third step (from part 8, a step-start) on stays.
    const kept = [conversation.messages[0] as Message, ...conversation.messages.slice(5)];
    const out = JSON.parse(serializeTranscript(conversation, kept).text) as { id: string; parts: { type: string }[] }[];
    const original = JSON.parse(text) as { id: string; parts: unknown[] }[];
    expect(out.map((m) => m.id)).toEqual(original.map((m) => m.id));
    expect(out[1]?.parts).toEqual(original[1]?.parts.slice(8));
    expect(parseTranscript(JSON.stringify(out)).conversations[0]?.messages).toEqual(kept);
  });

  it("writes a masked result as its tool part's output, and a summary as a user message", () => {
    const conversation = parse(fixture(GENERATED));
    const results = conversation.messages[4] as Message;
    const masked: Message = {
      role: 'user',
      content: (results.content as { tool_use_id: string }[]).map((b) => ({ type: 'tool_result', tool_use_id: b.tool_use_id, content: '[output hidden]' })),
    };
    const summary: Message = { role: 'user', content: '[Previous context: summarized]' };
    const kept = [summary, ...conversation.messages.slice(3, 4), masked, ...conversation.messages.slice(5)];
    const out = serializeTranscript(conversation, kept).text;
    const back = parseTranscript(out).conversations[0]?.messages ?? [];
    expect(back.map(normal)).toEqual(kept.map(normal));
    expect(out).toContain('"output":"[output hidden]"');
  });

  it('exports a step whose thinking anthropic-clear-thinking cleared from its own parts, its tool results kept with it', () => {
    const reasoning = (text: string) => ({ type: 'reasoning', text, providerMetadata: { anthropic: { signature: 'sig' } } });
    const ui = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'ls src' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [{ type: 'step-start' }, reasoning('look first'), { type: 'tool-read_file', toolCallId: 'call_a', state: 'output-available', input: {}, output: 'null' }],
      },
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'ls src' }] },
      { id: 'a2', role: 'assistant', parts: [{ type: 'step-start' }, reasoning('again'), { type: 'text', text: 'done' }] },
    ];
    const conversation = parse(JSON.stringify(ui));
    const pruned = pruneMessages(conversation.messages, { strategy: 'anthropic-clear-thinking', keepMode: 'turns', keepTurns: 1 });
    const text = serializeTranscript(conversation, pruned).text;
    expect(parse(text).messages.map(normal)).toEqual(pruned.map(normal));
    const written = JSON.parse(text) as { id: string; parts: { type: string }[] }[];
    expect(written.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(written[1]?.parts).toEqual([ui[1]?.parts[0], ui[1]?.parts[2]]);
    expect(written[3]).toEqual(ui[3]);
  });

  it('converts another format to UIMessages and back to the same messages', () => {
    const conversation = parse(fixture('openhands-sdk-fncall-llm-message.json'));
    const back = parse(serializeTranscript(conversation, conversation.messages, 'ai-sdk-ui').text);
    expect(back.messages.map(normal)).toEqual(conversation.messages.map(normal));
    expect(back.system).toBe(conversation.system);
  });
});

/** Content as blocks, so `'text'` and `[{ type: 'text', text }]` compare equal (the UI has no string content). */
function normal(message: Message): Message {
  return { role: message.role, content: typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content };
}
