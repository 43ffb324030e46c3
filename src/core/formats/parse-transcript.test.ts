import { describe, expect, it } from 'vitest';
import { parseTranscript } from './parse-transcript';
import { serializeTranscript } from './serialize-transcript';
import { TranscriptParseError } from './transcript-parse-error';

const caught = (text: string, format?: Parameters<typeof parseTranscript>[1]): TranscriptParseError => {
  try {
    parseTranscript(text, format);
  } catch (error) {
    expect(error).toBeInstanceOf(TranscriptParseError);
    return error as TranscriptParseError;
  }
  throw new Error('expected a TranscriptParseError');
};

describe('Anthropic Messages', () => {
  it('reads a bare array of messages as they are', () => {
    const messages = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
    ];
    const parsed = parseTranscript(JSON.stringify(messages));
    expect(parsed.format).toBe('anthropic');
    expect(parsed.conversations[0]?.messages).toEqual(messages);
  });

  it('reads a request body { model, system, messages, tools } and writes the same body back', () => {
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      system: [{ type: 'text', text: 'Be brief.' }],
      tools: [{ name: 'f', input_schema: { type: 'object' } }],
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok' }] },
      ],
    };
    const c = parseTranscript(JSON.stringify(body)).conversations[0]!;
    expect(c.system).toBe('Be brief.');
    expect(c.envelope).toEqual({ model: body.model, max_tokens: 1024, system: body.system, tools: body.tools });
    expect(JSON.parse(serializeTranscript(c, c.messages).text)).toEqual(body);
  });

  it('records each server-side `compaction` block as a compaction boundary', () => {
    const messages = [
      { role: 'user', content: 'long task' },
      { role: 'assistant', content: [{ type: 'text', text: 'working' }] },
      { role: 'user', content: 'go on' },
      {
        role: 'assistant',
        content: [
          { type: 'compaction', content: 'Summary: the user asked for a long task; step 1 is done.' },
          { type: 'text', text: 'Continuing with step 2.' },
        ],
      },
    ];
    const c = parseTranscript(JSON.stringify(messages)).conversations[0]!;
    expect(c.messages).toEqual(messages);
    expect(c.boundaries).toEqual([{ messageIndex: 3, kind: 'compaction-block', blockIndex: 0 }]);
    expect(parseTranscript(serializeTranscript(c, c.messages).text).conversations[0]?.boundaries).toEqual(c.boundaries);
  });

  it('options.format forces a format, and says why when the file is not in it', () => {
    const text = JSON.stringify([{ role: 'user', content: 'hi' }]);
    expect(parseTranscript(text, { format: 'openai-chat' }).format).toBe('openai-chat');
    const error = caught(text, { format: 'claude-code' });
    expect(error.formatsTried).toEqual([{ format: 'claude-code', reason: expect.stringContaining('JSON Lines') }]);
  });
});

describe('bad input', () => {
  it('empty input is a clear error', () => {
    expect(caught('').message).toBe('The file is empty.');
    expect(caught('  \n\t\n').message).toMatch(/only whitespace/);
  });

  it('invalid JSON is an error with line and column', () => {
    const error = caught('[\n  {"role": "user", "content": "hi"},\n  {"role": "assistant" "content": "x"}\n]');
    expect(error.line).toBe(3);
    expect(error.column).toBe(24);
    expect(error.message).toMatch(/line 3, column 24/);
  });

  it('invalid JSON at the very end (a truncated document) points at the end', () => {
    const error = caught('{"messages": [{"role": "user", "content": "hi"}');
    expect(error.line).toBe(1);
    expect(error.column).toBe(48);
  });

  it('JSONL: bad lines are skipped and each reported as a warning with its line number; a truncated last line says so', () => {
    const line = (text: string): string => JSON.stringify({ type: 'user', sessionId: 's', uuid: text, message: { role: 'user', content: text } });
    const text = [line('a'), '{"type": "user", oops}', line('b'), line('c').slice(0, 30)].join('\n');
    const parsed = parseTranscript(text);
    expect(parsed.format).toBe('claude-code');
    expect(parsed.conversations[0]?.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }]);
    expect(parsed.warnings.map((w) => w.line)).toEqual([2, 4]);
    expect(parsed.warnings[0]?.message).toMatch(/^Line 2 skipped: expected a double-quoted property name at column 18\.$/);
    expect(parsed.warnings[1]?.message).toMatch(/truncated/);
  });

  it('JSONL: a damaged first line is skipped with a warning too, and CRLF line ends are read', () => {
    const line = (text: string): string => JSON.stringify({ type: 'user', sessionId: 's', uuid: text, message: { role: 'user', content: text } });
    const parsed = parseTranscript(['{"type": "us', line('a'), line('b')].join('\r\n'));
    expect(parsed.format).toBe('claude-code');
    expect(parsed.warnings.map((w) => w.line)).toEqual([1]);
    expect(parsed.conversations[0]?.sourceLines).toEqual([[2, 3]]);
  });

  it('a truncated pretty-printed array of one-line messages is broken JSON with its position, not JSONL', () => {
    const error = caught('[\n  {"role": "user", "content": "a"},\n  {"role": "assistant", "content": "b"}\n');
    expect(error.line).toBe(4);
    expect(error.column).toBe(1);
  });

  it('a shape no format matches is an error naming each format tried and why it did not match', () => {
    const error = caught(JSON.stringify({ hello: 'world' }));
    expect(error.formatsTried.map((t) => t.format)).toEqual(['claude-code', 'openai-responses', 'anthropic', 'openai-chat']);
    for (const tried of error.formatsTried) expect(tried.reason.length).toBeGreaterThan(10);
    expect(error.message).toMatch(/^No transcript format matches this file\. Claude Code session: .*Anthropic Messages: .*OpenAI Chat Completions: /);
  });

  it('names the first record that does not fit', () => {
    const error = caught(JSON.stringify([{ role: 'user', content: 'hi' }, { role: 'robot', content: 'x' }]));
    expect(error.formatsTried.find((t) => t.format === 'anthropic')?.reason).toBe(
      'message 2 has role "robot"; only "user" and "assistant" are allowed',
    );
    expect(error.formatsTried.find((t) => t.format === 'openai-chat')?.reason).toBe('message 2 has role "robot"');
  });

  it('an empty array is an error, not an empty conversation', () => {
    expect(caught('[]').formatsTried.find((t) => t.format === 'anthropic')?.reason).toBe('the array is empty');
  });

  it('a file that reads but holds no messages is an error in every format', () => {
    for (const text of ['{"model":"claude","messages":[]}', '[{"task_id":1,"traj":[]}]']) {
      expect(() => parseTranscript(text), text).toThrow(TranscriptParseError);
      expect(() => parseTranscript(text), text).toThrow(/holds no messages/);
    }
    // A session log of bookkeeping lines only is caught earlier, by detection, which says what it looked for.
    const bookkeeping = '{"type":"summary","summary":"x","leafUuid":"u"}\n{"type":"file-history-snapshot","messageId":"m"}';
    expect(() => parseTranscript(bookkeeping)).toThrow(/no line is a `user` or `assistant` record/);
  });

  it('never throws anything but TranscriptParseError', () => {
    for (const text of ['nul', '"just a string"', '42', '{"messages": 5}', '[1, 2]', '[null]', '{"type":"user"}\n{"type":"assistant","message":5}', '\uFEFF']) {
      caught(text);
    }
  });

  it('__proto__ and constructor keys in the input never reach an object prototype', () => {
    const text =
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "model": "m", "messages": [' +
      '{"role": "user", "content": [{"type": "text", "text": "hi", "__proto__": {"polluted": true}}]},' +
      '{"role": "assistant", "content": [{"type": "tool_use", "id": "__proto__", "name": "constructor", "input": {"__proto__": {"polluted": true}}}]},' +
      '{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "__proto__", "content": "ok"}]}]}';
    const c = parseTranscript(text).conversations[0]!;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(c.envelope)).toBe(Object.prototype);
    expect((c.envelope as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(c.envelope!, '__proto__')).toBe(true);
    const block = (c.messages[0]?.content as object[])[0]!;
    expect(Object.getPrototypeOf(block)).toBe(Object.prototype);
    // And they survive export as plain keys.
    const back = parseTranscript(serializeTranscript(c, c.messages).text).conversations[0]!;
    expect(back.messages).toEqual(c.messages);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const chat = parseTranscript(
      '[{"role": "user", "content": "x"}, {"role": "assistant", "content": null, "tool_calls": [{"id": "constructor", "type": "function", "function": {"name": "f", "arguments": "{\\"__proto__\\": {\\"polluted\\": true}}"}}]}]',
    ).conversations[0]!;
    const input = (chat.messages[1]?.content as { input: object }[])[0]?.input;
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
