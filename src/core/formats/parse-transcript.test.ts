import { describe, expect, it } from 'vitest';
import { parseTranscript } from './parse-transcript';
import { serializeTranscript } from './serialize-transcript';
import { TranscriptParseError } from './transcript-parse-error';
import { FORMAT_REGISTRY } from './registry';

// Read from the registry, so a new format changes no expectation here.
const SUPPORTED = FORMAT_REGISTRY.map((f) => f.supportedAs ?? f.name).join(', ');

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

  it('a shape no format matches says once what the file is, what is supported and the closest format; each reason stays structured', () => {
    const error = caught(JSON.stringify({ hello: 'world' }));
    expect(error.formatsTried.map((t) => t.format)).toEqual(FORMAT_REGISTRY.map((f) => f.id));
    for (const tried of error.formatsTried) expect(tried.reason.length).toBeGreaterThan(10);
    expect(error.message).toBe(
      'The file is a JSON object with the key `hello`, not a transcript prunescope can read. ' +
        `Supported: ${SUPPORTED}. ` +
        'Closest: Anthropic Messages JSON, but it is neither an array of messages nor an object with a `messages` array.',
    );
    expect(error.closestFormat).toBe('anthropic');
    expect(error.looksLike).toBeUndefined();
  });

  it('the closest format is the one that read furthest into the file', () => {
    const error = caught(JSON.stringify([{ role: 'user', content: 'hi' }, { role: 'robot', content: 'x' }]));
    expect(error.closestFormat).toBe('anthropic');
    expect(error.message).toMatch(/Closest: Anthropic Messages JSON, but message 2 has role "robot"; only "user" and "assistant" are allowed\.$/);
    const lines = caught('{"type":"thread.started","thread_id":"t"}\n{"type":"turn.started"}\n');
    expect(lines.message).toMatch(/^The file is JSON Lines \(2 records\), not a transcript prunescope can read\./);
  });

  it.each([
    [
      'a YAML file',
      '# recorded request\n- role: user\n  content: hi\n- role: assistant\n  content: hello\n',
      'YAML',
      'anthropic',
    ],
    [
      'Gemini API contents',
      JSON.stringify([
        { role: 'user', parts: [{ text: 'List the files in the current directory' }] },
        { role: 'model', parts: [{ functionCall: { name: 'list_directory', args: { dir_path: '.' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'list_directory', response: { output: 'a.txt' } } }] },
      ]),
      'Gemini API contents',
      'gemini-cli',
    ],
    [
      'OpenHands V1 events',
      JSON.stringify([
        { kind: 'MessageEvent', id: '5f1c', timestamp: 't0', source: 'user', llm_message: { role: 'user', content: [{ type: 'text', text: 'list files' }] } },
        { kind: 'ActionEvent', id: '7a2b', timestamp: 't1', source: 'agent', tool_name: 'terminal', tool_call_id: 'call_1', llm_response_id: 'r1' },
      ]),
      'OpenHands V1 (software-agent-sdk) events',
      'openhands',
    ],
    [
      'trajectory steps without a message history',
      JSON.stringify({ trajectory: [{ action: 'ls', observation: 'a.txt', response: 'Let me look.', thought: 'Let me look.', state: '{}' }], info: {} }),
      'trajectory of agent steps without a message history',
      'swe-agent',
    ],
    [
      'a Letta agent file',
      JSON.stringify({
        agents: [
          {
            name: 'memgpt_agent',
            agent_type: 'letta_v1_agent',
            llm_config: { model: 'gpt-4o-mini' },
            in_context_message_ids: ['message-0'],
            messages: [{ type: 'message', role: 'system', content: [{ type: 'text', text: 'You are a helpful agent' }], id: 'message-0' }],
          },
        ],
        groups: [],
        blocks: [],
        tools: [],
      }),
      'Letta agent file (.af)',
      'openai-chat',
    ],
  ])('%s is named in plain words, with the closest supported format', (_, text, looksLike, closest) => {
    const error = caught(text);
    expect(error.looksLike).toBe(looksLike);
    expect(error.closestFormat).toBe(closest);
    expect(error.message).toMatch(new RegExp(`^The file looks like (an? )?${looksLike.replace(/[().]/g, '\\$&')}, which prunescope cannot read\\. `));
    expect(error.message).toContain(`Supported: ${SUPPORTED}. Closest: `);
    // Said once: the reasons of the formats tried are detail, not a second copy inside the message.
    for (const tried of error.formatsTried) expect(error.message).not.toContain(tried.reason);
  });

  // Regression: a binary file was "not valid JSON: unexpected "" at line 1, column 1", an invisible character.
  it('a binary file is named as one, with where its first binary byte is', () => {
    expect(caught('\u0000\u0001PK\u0003\u0004').message).toBe('The file is not text (a NUL byte at character 1): it looks like a binary file, not a transcript in JSON or JSON Lines.');
    expect(caught('  \u0089PNG\r\n\u001a\n\ufffd\ufffd').message).toMatch(/^The file is not text \(a byte that is not UTF-8 at character 11\)/);
    // Text with a stray replacement character deep inside stays a syntax error with its line and column.
    expect(caught(`{"a": ${'1'.repeat(5000)}\ufffd`).message).toMatch(/^The file is not valid JSON/);
  });

  it('options.origin says where the text came from: errors on a paste speak of the pasted text', () => {
    expect(caught('', { origin: 'paste' }).message).toBe('The pasted text is empty.');
    expect(caught('  \n', { origin: 'paste' }).message).toMatch(/^The pasted text holds only whitespace/);
    expect(caught('{"messages": [', { origin: 'paste' }).message).toMatch(/^The pasted text is not valid JSON or JSON Lines: /);
    expect(caught('{"hello": 1}', { origin: 'paste' }).message).toMatch(/^The pasted text is a JSON object with the key `hello`, not a transcript/);
    expect(caught('[{"role":"user","content":"hi"}]', { origin: 'paste', format: 'claude-code' }).message).toMatch(/^The pasted text is not Claude Code session JSONL: /);
    expect(caught('{"messages": []}', { origin: 'paste' }).message).toMatch(/^The pasted text is Anthropic Messages JSON but holds no messages/);
    expect(caught('- role: user\n  content: hi\n', { origin: 'paste' }).message).toMatch(/^The pasted text looks like YAML, which prunescope cannot read\./);
    expect(() => parseTranscript('[]', { origin: 'clipboard' as 'paste' })).toThrow(
      new TypeError(`parseTranscript: options.origin must be 'file' or 'paste', got "clipboard"`),
    );
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
