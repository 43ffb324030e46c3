import { readFileSync } from 'node:fs';
import { modelMessageSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../links/link-tool-calls';
import type { Message } from '../../types';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';
import { modelPartToBlock } from './model-part-to-block';
import { toModelMessages } from './to-model-messages';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const GENERATED = 'ai-sdk-tool-loop.model-messages.json';
const WRITTEN = 'ai-sdk-written.model-messages.json';

describe('AI SDK ModelMessage[]: detection', () => {
  it('reads a generateText history, and names what showed it', () => {
    const parsed = parseTranscript(fixture(GENERATED));
    expect(parsed.format).toBe('ai-sdk');
  });

  it('leaves plain text turns to the Anthropic reader and UIMessages to their own', () => {
    expect(parseTranscript(JSON.stringify([{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }])).format).toBe('anthropic');
    expect(parseTranscript(JSON.stringify([{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }])).format).toBe('ai-sdk-ui');
  });

  it('reads AI SDK 4 CoreMessages (args, result, isError)', () => {
    const text = JSON.stringify([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'ls', args: { dir: '.' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'ls', result: ['a.ts'], isError: true }] },
    ]);
    const { format, conversations } = parseTranscript(text);
    expect(format).toBe('ai-sdk');
    expect(conversations[0]?.messages.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'ls', input: { dir: '.' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: '["a.ts"]', is_error: true }] },
    ]);
  });

  it('says why a near miss does not read: a tool message of strings, a Chat part', () => {
    expect(() => parseTranscript(JSON.stringify([{ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 't', input: {} }, { type: 'image_url', image_url: { url: 'x' } }] }]))).toThrow(
      /message 1 has a `image_url` part|Closest/,
    );
  });
});

describe('AI SDK ModelMessage[]: parsing', () => {
  const conversation = parseTranscript(fixture(WRITTEN)).conversations[0];
  if (conversation === undefined) throw new Error('no conversation');
  const { messages } = conversation;

  it('maps every part kind the research sample holds', () => {
    expect(conversation.system).toBe('You are a weather bot.');
    expect(messages[0]?.content).toEqual([
      { type: 'text', text: 'Weather in Paris and Rome? Also this photo:' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    ]);
    expect(messages[1]?.content).toEqual([
      { type: 'thinking', thinking: 'Two cities, two calls.', signature: 'EqQBCkYIBBgC' },
      { type: 'text', text: 'Checking both.' },
      { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'call_2', name: 'weather', input: { city: 'Rome' } },
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'Rome strike today' } },
      { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [{ url: 'https://example.com/news', title: 'No strike' }] },
    ]);
    expect(messages[2]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'call_1', content: '{"tempC":14,"sky":"rain"}' },
      { type: 'tool_result', tool_use_id: 'call_2', content: 'upstream timeout', is_error: true },
    ]);
    // Approval requests and responses are not sent to the model; they stay in the source records.
    expect(messages[3]?.content).toEqual([
      { type: 'tool_use', id: 'call_3', name: 'bookTrain', input: { to: 'Rome' } },
      { type: 'tool_use', id: 'call_4', name: 'screenshot', input: {} },
    ]);
    expect(messages[4]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'call_3', content: 'Not now', is_error: true },
      {
        type: 'tool_result',
        tool_use_id: 'call_4',
        content: [
          { type: 'text', text: 'Screen:' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
        ],
      },
    ]);
  });

  it('leaves the final call unanswered, the only orphan', () => {
    expect(linkToolCalls(messages).orphans).toEqual([{ id: 'call_5', kind: 'use', messageIndex: 5, blockIndex: 0 }]);
  });

  it('keeps the approval-only tool message of a real run with the call it answers, and every record once, in order', () => {
    const real = parseTranscript(fixture(GENERATED)).conversations[0];
    const records = real?.sources.flat() ?? [];
    expect(records).toEqual(JSON.parse(fixture(GENERATED)));
    const approval = real?.sources.find((s) => s.length === 2);
    expect(approval?.map((r) => (r as { role: string }).role)).toEqual(['assistant', 'tool']);
  });

  it('reads bytes as JSON writes them (Uint8Array, Buffer) and says where a message past the sample is not an object', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ role: i % 2 === 0 ? 'assistant' : 'user', content: `m${i}` }));
    const text = JSON.stringify([
      { role: 'user', content: [{ type: 'image', image: { 0: 137, 1: 80, 2: 78 } }, { type: 'file', mediaType: 'image/png', data: { type: 'Buffer', data: [137, 80, 78, 71] } }] },
      ...many,
      null,
      { role: 'assistant', content: [{ type: 'reasoning', text: 'x' }] },
    ]);
    const parsed = parseTranscript(text);
    expect(parsed.conversations[0]?.messages[0]?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw==' } },
    ]);
    expect(parsed.warnings).toEqual([{ message: 'messages[2001] skipped: not a JSON object.' }]);
    // Kept with the message before it, so export still writes it where it was.
    expect(serializeTranscript(parsed.conversations[0] as never, parsed.conversations[0]?.messages ?? []).text).toBe(text);
  });
});

describe('AI SDK ModelMessage[]: export', () => {
  for (const name of [GENERATED, WRITTEN]) {
    it(`${name}: written back byte for byte when everything is kept`, () => {
      const text = fixture(name);
      const conversation = parseTranscript(text).conversations[0];
      if (conversation === undefined) throw new Error('no conversation');
      expect(serializeTranscript(conversation, conversation.messages).text).toBe(text);
    });
  }

  it('cuts dropped messages out of the file and writes a summary in its style, the kept ones byte for byte', () => {
    const text = fixture(GENERATED);
    const conversation = parseTranscript(text).conversations[0];
    if (conversation === undefined) throw new Error('no conversation');
    const summary: Message = { role: 'user', content: '[Previous context: 11 messages summarized]' };
    const kept = conversation.messages.slice(11);
    const out = serializeTranscript(conversation, [summary, ...kept]).text;
    const written = JSON.parse(out) as unknown[];
    expect(written[0]).toEqual({ role: 'user', content: '[Previous context: 11 messages summarized]' });
    // Each kept record's text is in the output exactly as in the file.
    for (const record of (JSON.parse(text) as unknown[]).slice(11)) expect(out).toContain(JSON.stringify(record, null, 2).replace(/\n/g, '\n  '));
    expect(parseTranscript(out).conversations[0]?.messages).toEqual([summary, ...kept]);
  });

  it('converts other formats into ModelMessages the AI SDK itself accepts (its zod schema)', () => {
    for (const name of ['spotter-session.messages.json', 'openhands-sdk-fncall-llm-message.json', WRITTEN]) {
      const conversation = parseTranscript(fixture(name)).conversations[0];
      if (conversation === undefined) throw new Error('no conversation');
      const out = serializeTranscript(conversation, conversation.messages, 'ai-sdk');
      const list = JSON.parse(out.text) as unknown[];
      for (const [i, message] of list.entries()) expect(modelMessageSchema.safeParse(message).success, `${name} message ${i}`).toBe(true);
    }
  });

  it('converts and reads back to the same canonical messages', () => {
    const conversation = parseTranscript(fixture('openhands-sdk-fncall-llm-message.json')).conversations[0];
    if (conversation === undefined) throw new Error('no conversation');
    const back = parseTranscript(serializeTranscript(conversation, conversation.messages, 'ai-sdk').text).conversations[0];
    expect(back?.messages.map(asBlocks)).toEqual(conversation.messages.map(asBlocks));
    expect(back?.system).toBe(conversation.system);
  });
});

describe('the part mapping an adapter can reuse', () => {
  it('modelPartToBlock and toModelMessages are inverses on every block kind they share', () => {
    const messages: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 't', signature: 's' },
          { type: 'redacted_thinking', data: 'r' },
          { type: 'tool_use', id: 'a', name: 'f', input: { x: 1 } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'ok' }] },
    ];
    const { messages: model } = toModelMessages(messages);
    const back = (model as { role: 'user' | 'assistant' | 'tool'; content: unknown[] }[]).map((m) => m.content.map((p) => modelPartToBlock(p, m.role, new Set())));
    expect(back).toEqual(messages.map((m) => m.content));
  });
});

function asBlocks(message: Message): Message {
  return { role: message.role, content: typeof message.content === 'string' ? (message.content === '' ? [] : [{ type: 'text', text: message.content }]) : message.content };
}
