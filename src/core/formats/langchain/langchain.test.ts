import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../links/link-tool-calls';
import type { Message } from '../../types';
import { readRecordedUsage } from '../../usage/read-recorded-usage';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';
import { detectLangChain } from './detect-langchain';
import type { ParseWarning } from '../format-types';
import { parseLangChain } from './parse-langchain';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const detect = (value: unknown) => detectLangChain({ kind: 'document', value });
const parse = (value: unknown) => parseTranscript(typeof value === 'string' ? value : JSON.stringify(value));
const only = (value: unknown): Message[] => parse(value).conversations[0]?.messages ?? [];

const human = { content: 'hi', additional_kwargs: {}, response_metadata: {}, type: 'human', name: null, id: null };
const ai = { content: 'hello', additional_kwargs: {}, response_metadata: {}, type: 'ai', name: null, id: null, tool_calls: [], invalid_tool_calls: [] };

describe('LangChain detection', () => {
  it.each([
    ['messages_to_dict records', [{ type: 'human', data: human }], 0.98],
    ['JS stored messages (data without type)', [{ type: 'human', data: { content: 'hi', additional_kwargs: {} } }], 0.98],
    ['the first JS shape, { type, role, text }', [{ type: 'human', role: 'user', text: 'hi' }], 0.98],
    ['flat messages', [human, ai], 0.95],
    ['lc constructors', [{ lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: 'hi' } }], 0.95],
    ['{ messages } of flat messages', { messages: [human], other: 1 }, 0.95],
    ['a LangGraph thread state', { values: { messages: [human] }, next: [], tasks: [] }, 0.95],
    ['a StateSnapshot written as a JSON array', [{ messages: [human] }, ['tools'], {}, {}, '2025-06-01', null, [], []], 0.8],
  ])('%s', (_, value, confidence) => {
    expect(detect(value)).toMatchObject({ reads: true, confidence });
    expect(parse(value).format).toBe('langchain');
  });

  it('does not read Chat messages, Responses items or other lists, and names the first record that does not fit', () => {
    expect(detect([{ role: 'user', content: 'hi' }]).reads).toBe(false);
    expect(detect([{ type: 'message', role: 'user', content: 'hi' }]).reads).toBe(false);
    expect(detect({ hello: 1 }).reads).toBe(false);
    expect(detect([{ type: 'human', data: human }, { role: 'user', content: 'x' }])).toMatchObject({ reads: false, reason: 'message 2 is not a LangChain message' });
    expect(detect({ values: { messages: [human, 3] }, next: [] })).toMatchObject({ reads: false, reason: 'values.messages[1] is not a LangChain message' });
  });

  it('a file whose first records are LangChain messages is named as one when a later record cannot be read; a lone Chat message is not', () => {
    expect(detect([{ type: 'human', data: human }, { role: 'user', content: 'x' }]).recognisedAs).toBe('a LangChain messages file');
    expect(detect({ values: { messages: [human, 3] }, next: [] }).recognisedAs).toBe('a LangChain messages file');
    expect(detect([{ role: 'user', content: 'x' }]).recognisedAs).toBeUndefined();
  });
});

describe('LangChain parsing', () => {
  it('messages_to_dict: each Anthropic call once (block and tool_calls entry), thinking kept, an error result, an invalid call as written', () => {
    const c = parseTranscript(fixture('langchain-messages-to-dict.json')).conversations[0];
    expect(c?.system).toBe('You are a helpful assistant.');
    expect(c?.messages).toEqual([
      { role: 'user', content: 'What is 3*12 and the weather in SF?' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Two tools.', signature: 'EqQB' },
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_use', id: 'toolu_01', name: 'multiply', input: { a: 3, b: 12 } },
          { type: 'tool_use', id: 'toolu_02', name: 'weather', input: { city: 'SF' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01', content: '36' },
          { type: 'tool_result', tool_use_id: 'toolu_02', content: 'Error: weather service unavailable', is_error: true },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_9', name: 'weather', input: '{"city": "SF"' }] },
      { role: 'assistant', content: '3*12 is 36; the weather service is down.' },
    ]);
  });

  it('the streamed call’s args come from tool_calls, not the block’s empty input; reasoning_content and v1 reasoning are thinking', () => {
    const messages = only([
      { type: 'human', data: human },
      {
        type: 'ai',
        data: {
          ...ai,
          content: [{ type: 'reasoning', reasoning: 'v1 reasoning' }, { type: 'tool_use', id: 't1', name: 'ls', input: {}, index: 1 }, { type: 'input_json_delta', partial_json: '{"p' }],
          additional_kwargs: { reasoning_content: 'DeepSeek thinks' },
          tool_calls: [{ name: 'ls', args: { path: '.' }, id: 't1', type: 'tool_call' }],
        },
      },
    ]);
    expect(messages[1]?.content).toEqual([
      { type: 'thinking', thinking: 'DeepSeek thinks' },
      { type: 'thinking', thinking: 'v1 reasoning' },
      { type: 'tool_use', id: 't1', name: 'ls', input: { path: '.' } },
    ]);
  });

  it('calls with null ids get one each; tool messages with a null tool_call_id answer them in order', () => {
    const messages = only([
      { ...human },
      { ...ai, content: '', tool_calls: [{ name: 'a', args: {}, id: null, type: 'tool_call' }, { name: 'b', args: {}, id: null, type: 'tool_call' }] },
      { content: 'A', type: 'tool', tool_call_id: null, additional_kwargs: {} },
      { content: 'B', type: 'tool', tool_call_id: null, additional_kwargs: {} },
    ]);
    expect(linkToolCalls(messages).pairs.map((p) => p.id)).toEqual(['lc_call_0', 'lc_call_1']);
    expect(messages[2]?.content).toMatchObject([{ content: 'A' }, { content: 'B' }]);
  });

  // A pruned export writes the ids it made up (`lc_call_0`) beside calls whose ids are still null; read again, the
  // null call took `lc_call_0` too and two calls paired under one id (CI, seed 304037356).
  it('a made-up id skips the lc_call_N ids the file already holds', () => {
    const messages = only([
      { ...human },
      { ...ai, content: '', tool_calls: [{ name: 'a', args: {}, id: 'lc_call_0', type: 'tool_call' }] },
      { content: 'A', type: 'tool', tool_call_id: 'lc_call_0', additional_kwargs: {} },
      { ...ai, content: '', tool_calls: [{ name: 'b', args: {}, id: null, type: 'tool_call' }] },
      { content: 'B', type: 'tool', tool_call_id: null, additional_kwargs: {} },
    ]);
    expect(linkToolCalls(messages).pairs.map((p) => p.id)).toEqual(['lc_call_0', 'lc_call_1']);
  });

  it('an export that rewrites a message writes made-up ids back as null, so it reads back paired as before', () => {
    const call = (name: string) => ({ ...ai, content: '', tool_calls: [{ name, args: {}, id: null, type: 'tool_call' }] });
    const result = (content: string) => ({ content, type: 'tool', tool_call_id: null, additional_kwargs: {} });
    const c = parse([{ ...human }, call('a'), result('A'), call('b'), result('B')]).conversations[0];
    if (c === undefined) throw new Error('no conversation');
    // The first result cleared, as context editing does: its record is written anew, the rest are kept as they were.
    const cleared: Message = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'lc_call_0', content: '' }] };
    const text = serializeTranscript(c, [c.messages[0] as Message, c.messages[1] as Message, cleared, ...c.messages.slice(3)]).text;
    expect(text).not.toContain('lc_call_');
    expect(linkToolCalls(only(JSON.parse(text))).pairs.map((p) => p.id)).toEqual(['lc_call_0', 'lc_call_1']);
  });

  it('raw OpenAI tool calls of older LangChain, chat and generic roles, a later system message, remove directives', () => {
    const parsed = parse([
      { type: 'system', data: { content: 'sys' } },
      { type: 'human', data: { content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] } },
      { type: 'ai', data: { content: '', additional_kwargs: { tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"x": 1}' } }] } } },
      { type: 'tool', data: { content: [{ type: 'text', text: 'done' }], tool_call_id: 'c1' } },
      { type: 'chat', data: { content: 'as the assistant', role: 'assistant' } },
      { type: 'remove', data: { id: 'm1' } },
      { type: 'system', data: { content: 'a later instruction' } },
      { type: 'generic', data: { content: 'moderator says', role: 'moderator' } },
    ]);
    const c = parsed.conversations[0];
    expect(c?.system).toBe('sys');
    expect(c?.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'f', input: { x: 1 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: [{ type: 'text', text: 'done' }] }] },
      { role: 'assistant', content: 'as the assistant' },
      { role: 'user', content: 'a later instruction' },
      { role: 'user', content: 'moderator says' },
    ]);
    expect(parsed.skipped).toEqual([{ type: 'remove', count: 1 }]);
    expect(parsed.warnings.map((w) => w.message)).toEqual(['message 7 is a system message after the conversation began; it is shown as a user message.']);
  });

  it('lc constructors and a LangGraph thread state', () => {
    expect(only([{ lc: 1, type: 'constructor', id: ['langchain', 'schema', 'messages', 'AIMessageChunk'], kwargs: { content: 'streamed', tool_calls: [] } }])).toEqual([
      { role: 'assistant', content: 'streamed' },
    ]);
    const state = parseTranscript(fixture('langgraph-thread-state.json')).conversations[0];
    expect(state?.messages).toHaveLength(4);
    expect(state?.envelope).toEqual({});
    expect(linkToolCalls(state?.messages ?? []).orphans).toMatchObject([{ kind: 'use', id: 'call_2' }]);
  });
});

describe('LangChain recorded usage: each AI message’s usage_metadata is one request', () => {
  it('usage_metadata, cache reads and writes taken out of the input', () => {
    const c = parseTranscript(fixture('langchain-messages-to-dict.json')).conversations[0];
    expect(c && readRecordedUsage(c)).toEqual([
      { messageIndex: 1, contextStart: 0, inputTokens: 12, cacheCreationInputTokens: 0, cacheReadInputTokens: 980, outputTokens: 70, model: 'claude-sonnet-4-5-20250929' },
      { messageIndex: 3, contextStart: 0, inputTokens: 1100, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 15, model: 'gpt-4o-2024-08-06' },
      { messageIndex: 4, contextStart: 0, inputTokens: 1150, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 14, model: 'gpt-4o-2024-08-06' },
    ]);
  });

  it('without usage_metadata, the provider’s own usage in response_metadata', () => {
    const c = parse([
      human,
      { ...ai, response_metadata: { model: 'claude-3-5-haiku', usage: { input_tokens: 5, cache_creation_input_tokens: 100, cache_read_input_tokens: 200, output_tokens: 9 } } },
      human,
      { ...ai, response_metadata: { model_name: 'gpt-4o', token_usage: { prompt_tokens: 400, completion_tokens: 7, prompt_tokens_details: { cached_tokens: 256 } } } },
      human,
      { ...ai, response_metadata: { tokenUsage: { promptTokens: 30, completionTokens: 3 } } },
    ]).conversations[0];
    expect(c && readRecordedUsage(c)).toEqual([
      { messageIndex: 1, contextStart: 0, inputTokens: 5, cacheCreationInputTokens: 100, cacheReadInputTokens: 200, outputTokens: 9, model: 'claude-3-5-haiku' },
      { messageIndex: 3, contextStart: 0, inputTokens: 144, cacheCreationInputTokens: 0, cacheReadInputTokens: 256, outputTokens: 7, model: 'gpt-4o' },
      { messageIndex: 5, contextStart: 0, inputTokens: 30, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 3 },
    ]);
  });
});

describe('LangChain export', () => {
  it.each(['langchain-messages-to-dict.json', 'langgraph-thread-state.json', 'langchain-js-stored-messages.json'])('%s: every message kept gives the file back byte for byte', (name) => {
    const text = fixture(name);
    const c = parseTranscript(text).conversations[0];
    if (!c) throw new Error('no conversation');
    expect(serializeTranscript(c, c.messages).text).toBe(text);
  });

  it('a record that is no LangChain message (past what detection samples) stays where it was, copied byte for byte', () => {
    const text = `{\n    "values": {\n        "messages": [\n            ${JSON.stringify({ type: 'human', data: human })},\n            {"note": "caf\\u00e9"},\n            ${JSON.stringify({ type: 'ai', data: ai })}\n        ]\n    }\n}`;
    const warnings: ParseWarning[] = [];
    const c = parseLangChain({ kind: 'document', value: JSON.parse(text) }, { fileName: undefined, text, warnings, skipped: new Map() })[0];
    if (!c) throw new Error('no conversation');
    expect(warnings.map((w) => w.message)).toEqual(['values.messages[1] skipped: not a LangChain message.']);
    expect(c.messages.map((m) => m.content)).toEqual(['hi', 'hello']);
    expect(serializeTranscript(c, c.messages).text).toBe(text);
    // Dropped with the message before it.
    expect(serializeTranscript(c, c.messages.slice(1)).text).toBe(text.replace(/\[\n.*\n.*\n/, '[\n'));
  });

  it('pruned: Python’s one-line style kept, a new message written as messages_to_dict writes it, escapes included', () => {
    const text = fixture('langchain-messages-to-dict.json');
    const c = parseTranscript(text).conversations[0];
    if (!c) throw new Error('no conversation');
    const out = serializeTranscript(c, [{ role: 'user', content: 'Summary — done' }, c.messages[4] as Message]).text;
    expect(out).toBe(
      `[${text.slice(1, text.indexOf('}}, ') + 2)}, {"type": "human", "data": {"content": "Summary \\u2014 done", "additional_kwargs": {}, "response_metadata": {}, "type": "human", "name": null, "id": null}}, ${text.slice(text.lastIndexOf('{"type": "ai"'))}`,
    );
    expect(parseTranscript(out).conversations[0]?.messages).toEqual([{ role: 'user', content: 'Summary — done' }, c.messages[4]]);
  });

  it('a LangGraph state keeps its other fields; a new record takes the shape of the file’s', () => {
    const text = fixture('langgraph-thread-state.json');
    const c = parseTranscript(text).conversations[0];
    if (!c) throw new Error('no conversation');
    const out = JSON.parse(serializeTranscript(c, [c.messages[0] as Message, { role: 'assistant', content: [{ type: 'tool_use', id: 'x', name: 'f', input: 'raw' }] }]).text) as Record<string, unknown>;
    expect(out.next).toEqual(['tools']);
    expect((out.values as { messages: unknown[] }).messages[1]).toEqual({
      content: '',
      additional_kwargs: {},
      response_metadata: {},
      type: 'ai',
      name: null,
      id: null,
      tool_calls: [],
      invalid_tool_calls: [{ name: 'f', args: 'raw', id: 'x', error: null, type: 'invalid_tool_call' }],
    });
  });

  it('from another format: messages_to_dict records, read back as the same messages', () => {
    const c = parseTranscript(fixture('openhands-sdk-fncall-llm-message.json')).conversations[0];
    if (!c) throw new Error('no conversation');
    const written = serializeTranscript(c, c.messages, 'langchain');
    expect(written.note).toBe('Converted from OpenAI Chat Completions JSON.');
    const back = parseTranscript(written.text).conversations[0];
    expect(back?.messages).toEqual(c.messages);
    expect(back?.system).toBe(c.system);
  });
});
