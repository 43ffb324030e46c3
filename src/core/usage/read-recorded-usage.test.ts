import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../formats/parse-transcript';
import { readRecordedUsage } from './read-recorded-usage';

const jsonl = (...records: object[]): string => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('readRecordedUsage: Claude Code', () => {
  const usage = (input: number, created: number, read: number, output: number): object => ({
    input_tokens: input,
    cache_creation_input_tokens: created,
    cache_read_input_tokens: read,
    output_tokens: output,
  });
  const user = (content: unknown, extra: object = {}): object => ({ type: 'user', sessionId: 's', message: { role: 'user', content }, ...extra });
  const assistant = (id: string, block: object, u: object, extra: object = {}): object => ({
    type: 'assistant',
    sessionId: 's',
    message: { id, role: 'assistant', model: 'claude-opus-4-6', content: [block], usage: u },
    ...extra,
  });
  const call = (id: string): object => ({ type: 'tool_use', id, name: 'Bash', input: { command: id } });
  const result = (id: string): object => ({ type: 'tool_result', tool_use_id: id, content: `out ${id}` });

  it('reads one request per assistant message: input from its first line, output the largest any line holds', () => {
    const text = jsonl(
      user('go'),
      assistant('m1', { type: 'text', text: 'two calls' }, usage(3, 100, 20_000, 9)),
      assistant('m1', call('a'), usage(3, 100, 20_000, 9)),
      user([result('a')]),
      assistant('m1', call('b'), usage(3, 100, 20_000, 240)),
      user([result('b')]),
      assistant('m2', { type: 'text', text: 'done' }, usage(5, 300, 20_100, 12)),
    );
    const conversation = parseTranscript(text).conversations[0];
    if (conversation === undefined) throw new Error('no conversation');
    expect(readRecordedUsage(conversation)).toEqual([
      { messageIndex: 1, contextStart: 0, inputTokens: 3, cacheCreationInputTokens: 100, cacheReadInputTokens: 20_000, outputTokens: 240, model: 'claude-opus-4-6', line: 2 },
      { messageIndex: 3, contextStart: 0, inputTokens: 5, cacheCreationInputTokens: 300, cacheReadInputTokens: 20_100, outputTokens: 12, model: 'claude-opus-4-6', line: 7 },
    ]);
  });

  it('keeps the 1-hour part of the cache writes and marks output of 5 tokens or fewer as a mid-stream snapshot', () => {
    const split = (hour: number, five: number, output: number): object => ({
      ...(usage(3, hour + five, 9_000, output) as object),
      cache_creation: { ephemeral_5m_input_tokens: five, ephemeral_1h_input_tokens: hour },
    });
    const text = jsonl(
      user('go'),
      assistant('m1', { type: 'text', text: 'a' }, split(13_835, 0, 2)),
      assistant('m1', call('a'), split(13_835, 0, 5)),
      user([result('a')]),
      assistant('m2', { type: 'text', text: 'done' }, split(0, 400, 6)),
    );
    const conversation = parseTranscript(text).conversations[0];
    if (conversation === undefined) throw new Error('no conversation');
    const [first, second] = readRecordedUsage(conversation);
    expect(first).toMatchObject({ cacheCreationInputTokens: 13_835, cacheWrite1hInputTokens: 13_835, outputTokens: 5, outputPartial: true });
    expect(second).toMatchObject({ cacheCreationInputTokens: 400, outputTokens: 6 });
    expect(second).not.toHaveProperty('cacheWrite1hInputTokens');
    expect(second).not.toHaveProperty('outputPartial');
  });

  it('after a compaction, requests start at the compact summary', () => {
    const text = jsonl(
      user('go'),
      assistant('m1', { type: 'text', text: 'long work' }, usage(1, 150_000, 0, 5)),
      { type: 'system', subtype: 'compact_boundary', content: 'Conversation compacted' },
      user('This session is being continued from a previous conversation…', { isCompactSummary: true }),
      assistant('m2', { type: 'text', text: 'resuming' }, usage(1, 30_000, 0, 5)),
    );
    const conversation = parseTranscript(text).conversations[0];
    if (conversation === undefined) throw new Error('no conversation');
    expect(readRecordedUsage(conversation).map((r) => [r.messageIndex, r.contextStart])).toEqual([
      [1, 0],
      [3, 2],
    ]);
  });

  it('skips synthetic messages and requests with no input recorded', () => {
    const text = jsonl(
      user('go'),
      assistant('m1', { type: 'text', text: 'API Error' }, usage(0, 0, 0, 0), { isApiErrorMessage: true }),
      user('again'),
      {
        type: 'assistant',
        sessionId: 's',
        message: { id: 'm2', role: 'assistant', model: '<synthetic>', content: [{ type: 'text', text: 'No response requested.' }], usage: usage(9, 9, 9, 9) },
      },
    );
    const conversation = parseTranscript(text).conversations[0];
    if (conversation === undefined) throw new Error('no conversation');
    expect(readRecordedUsage(conversation)).toEqual([]);
  });
});

describe('readRecordedUsage: Codex rollouts', () => {
  const item = (payload: object): object => ({ type: 'response_item', payload });
  const tokenCount = (input: number, cached: number, output: number, reasoning: number, total?: object): object => ({
    type: 'event_msg',
    payload: {
      type: 'token_count',
      info: {
        total_token_usage: total ?? { input_tokens: input, cached_input_tokens: cached, output_tokens: output, reasoning_output_tokens: reasoning },
        last_token_usage: { input_tokens: input, cached_input_tokens: cached, output_tokens: output, reasoning_output_tokens: reasoning },
      },
    },
  });
  const userMessage = item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'fix it' }] });
  const reasoning = item({ type: 'reasoning', summary: [{ type: 'summary_text', text: 'look' }], encrypted_content: 'gAAA' });
  const call = (id: string): object => item({ type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: id });
  const output = (id: string): object => item({ type: 'function_call_output', call_id: id, output: 'README.md' });
  const context = { type: 'turn_context', payload: { model: 'gpt-5-codex' } };

  it('reads token_count events written before their response (Codex 0.40), input split into cached and not', () => {
    const text = jsonl(
      { type: 'session_meta', payload: { id: 'r1' } },
      userMessage,
      context,
      tokenCount(2895, 2560, 246, 192),
      reasoning,
      call('c1'),
      output('c1'),
      context,
      tokenCount(3741, 3072, 78, 0),
      call('c2'),
    );
    const conversation = parseTranscript(text).conversations[0];
    if (conversation === undefined) throw new Error('no conversation');
    expect(readRecordedUsage(conversation, text)).toEqual([
      { messageIndex: 1, contextStart: 0, inputTokens: 335, cacheCreationInputTokens: 0, cacheReadInputTokens: 2560, outputTokens: 246, reasoningOutputTokens: 192, model: 'gpt-5-codex', line: 4 },
      { messageIndex: 3, contextStart: 0, inputTokens: 669, cacheCreationInputTokens: 0, cacheReadInputTokens: 3072, outputTokens: 78, reasoningOutputTokens: 0, model: 'gpt-5-codex', line: 9 },
    ]);
  });

  it('reads events written after their response, as later versions do', () => {
    const text = jsonl(userMessage, reasoning, call('c1'), tokenCount(1000, 0, 50, 10), output('c1'), call('c2'), tokenCount(1200, 1000, 20, 0));
    const conversation = parseTranscript(text).conversations[0];
    if (conversation === undefined) throw new Error('no conversation');
    expect(readRecordedUsage(conversation, text).map((r) => r.messageIndex)).toEqual([1, 3]);
  });

  it('derives a request from totals when last_token_usage is missing, and skips repeated totals', () => {
    const totalOnly = (input: number, output: number): object => ({
      type: 'event_msg',
      payload: { type: 'token_count', info: { total_token_usage: { input_tokens: input, cached_input_tokens: 0, output_tokens: output } } },
    });
    const text = jsonl(userMessage, totalOnly(1000, 50), call('c1'), output('c1'), totalOnly(2200, 70), totalOnly(2200, 70), call('c2'));
    const conversation = parseTranscript(text).conversations[0];
    if (conversation === undefined) throw new Error('no conversation');
    expect(readRecordedUsage(conversation, text).map((r) => [r.messageIndex, r.inputTokens, r.outputTokens])).toEqual([
      [1, 1000, 50],
      [3, 1200, 20],
    ]);
  });

  it('needs the rollout text: token counts are on lines the parser skips', () => {
    const text = jsonl(userMessage, tokenCount(1000, 0, 5, 0), call('c1'));
    const conversation = parseTranscript(text).conversations[0];
    if (conversation === undefined) throw new Error('no conversation');
    expect(readRecordedUsage(conversation)).toEqual([]);
  });

  it('is empty for formats that record no usage, and rejects what is not a conversation', () => {
    const { conversations } = parseTranscript(JSON.stringify([{ role: 'user', content: 'hi' }]));
    const conversation = conversations[0];
    if (conversation === undefined) throw new Error('no conversation');
    expect(readRecordedUsage(conversation)).toEqual([]);
    expect(() => readRecordedUsage(null as never)).toThrow(TypeError);
  });
});
