import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { answerBody, startModelServer, streamChunks, type ModelServer, type Protocol } from '../../../test/support/model-server';
import { createModelSummarizer } from './create-model-summarizer';
import { MODEL_SUMMARY_PROMPT } from './model-summary-prompt';
import { ModelRequestError } from './model-request-error';
import type { ModelSummarizerOptions } from './types';

const PROTOCOLS: Protocol[] = ['anthropic', 'openai-chat', 'openai-responses'];
const PATHS: Record<Protocol, string> = { anthropic: '/v1/messages', 'openai-chat': '/v1/chat/completions', 'openai-responses': '/v1/responses' };

const turns: Message[] = [
  { role: 'user', content: 'Fix the failing test in src/parse.ts' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'npm test' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'FAIL src/parse.test.ts\nExpected 2, got 3', is_error: true }] },
];

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
});

function summarizer(protocol: Protocol, options: Partial<ModelSummarizerOptions> = {}) {
  const baseUrl = protocol === 'anthropic' ? server.origin : `${server.origin}/v1`;
  return createModelSummarizer({ protocol, baseUrl, model: 'test-model', retries: 0, ...options });
}

async function failure(promise: Promise<unknown>): Promise<ModelRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelRequestError);
  return error as ModelRequestError;
}

describe.each(PROTOCOLS)('createModelSummarizer over %s', (protocol) => {
  it('sends the prompt and the messages, and returns the answer', async () => {
    server.script({ kind: 'json', body: answerBody(protocol, '  The task: fix src/parse.ts.  ') });
    const model = summarizer(protocol, { apiKey: 'sk-test', maxTokens: 500 });
    expect(model.url).toBe(`${server.origin}${PATHS[protocol]}`);
    await expect(model.summarize(turns, 'keep the error')).resolves.toBe('The task: fix src/parse.ts.');
    const [request] = server.received;
    expect(request?.path).toBe(PATHS[protocol]);
    const { body, headers } = request as NonNullable<typeof request>;
    expect(body.model).toBe('test-model');
    expect(body.stream).toBeUndefined();
    const sent = JSON.stringify(body);
    expect(sent).toContain(JSON.stringify(MODEL_SUMMARY_PROMPT).slice(1, 60));
    expect(sent).toContain('Expected 2, got 3');
    expect(sent).toContain('keep the error');
    if (protocol === 'anthropic') {
      expect(headers['x-api-key']).toBe('sk-test');
      expect(headers['anthropic-version']).toBe('2023-06-01');
      expect(body.max_tokens).toBe(500);
    } else {
      expect(headers.authorization).toBe('Bearer sk-test');
      expect(body[protocol === 'openai-chat' ? 'max_tokens' : 'max_output_tokens']).toBe(500);
    }
  });

  it('reads a streamed answer, split anywhere, with CRLF line ends', async () => {
    const text = streamChunks(protocol, ['The task: ', 'fix parse', '.ts — ünïcode']).join('').replace(/\n/g, '\r\n');
    const bytes = Buffer.from(text, 'utf8');
    // Cut into 7-byte chunks, so events, lines, CRLF pairs and characters are split across reads.
    const chunks: string[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7).toString('latin1'));
    server.script({ kind: 'sse', chunks, bytes: true });
    const deltas: string[] = [];
    const model = summarizer(protocol, { stream: true, onText: (delta) => deltas.push(delta) });
    await expect(model.summarize(turns)).resolves.toBe('The task: fix parse.ts — ünïcode');
    expect(deltas.join('')).toBe('The task: fix parse.ts — ünïcode');
    expect(server.received[0]?.body.stream).toBe(true);
  });

  it('fails with the missing field named when the answer has no text, without retrying', async () => {
    server.script({ kind: 'json', body: { id: 'x' } }, { kind: 'json', body: answerBody(protocol, 'never read') });
    const error = await failure(summarizer(protocol, { retries: 2 }).summarize(turns));
    expect(error.kind).toBe('no-content');
    expect(error.message).toMatch(/has no text \(expected/);
    expect(server.received).toHaveLength(1);
  });

  it('streams an error event as a failure in the server\'s words', async () => {
    const data = protocol === 'openai-responses'
      ? { type: 'response.failed', response: { error: { code: 'server_error', message: 'model crashed' } } }
      : { type: 'error', error: { type: 'api_error', message: 'model crashed' } };
    server.script({ kind: 'sse', chunks: [`data: ${JSON.stringify(data)}\n\n`] });
    const error = await failure(summarizer(protocol, { stream: true }).summarize(turns));
    expect(error.kind).toBe('server');
    expect(error.message).toContain('model crashed');
  });
});

describe('createModelSummarizer errors', () => {
  it('times out a server that never answers, saying after how long', async () => {
    server.script({ kind: 'hang' });
    const error = await failure(summarizer('openai-chat', { timeoutMs: 150 }).summarize(turns));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/openai-chat model test-model at http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: no answer within 150 ms/);
  });

  it('times out a stream that stops sending, though it started', async () => {
    server.script({ kind: 'sse', chunks: [...streamChunks('anthropic', ['a']).slice(0, 3), ''], delayMs: 1_000 });
    const error = await failure(summarizer('anthropic', { stream: true, timeoutMs: 200 }).summarize(turns));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('reading the stream');
  });

  it('waits as a 429 asks (retry-after) and retries', async () => {
    server.script(
      { kind: 'json', status: 429, headers: { 'retry-after': '0.2' }, body: { error: { type: 'rate_limit_error', message: 'slow down' } } },
      { kind: 'json', body: answerBody('anthropic', 'done') },
    );
    const started = Date.now();
    await expect(summarizer('anthropic', { retries: 1 }).summarize(turns)).resolves.toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(server.received).toHaveLength(2);
  });

  it('fails at once when a 429 asks for a longer wait than allowed, and says how long', async () => {
    server.script({ kind: 'json', status: 429, headers: { 'retry-after': '120' }, body: { error: { message: 'quota' } } });
    const error = await failure(summarizer('openai-chat', { retries: 3, maxRetryDelayMs: 5_000 }).summarize(turns));
    expect(error.kind).toBe('rate-limited');
    expect(error.status).toBe(429);
    expect(error.message).toContain('HTTP 429');
    expect(error.message).toContain('quota');
    expect(error.message).toContain('retry after 120 s');
    expect(server.received).toHaveLength(1);
  });

  it('gives up on 5xx after its retries, with the attempts and the server\'s words', async () => {
    const fiveHundred = { kind: 'json' as const, status: 503, body: { error: { type: 'overloaded_error', message: 'Overloaded' } } };
    server.script(fiveHundred, fiveHundred, fiveHundred);
    const error = await failure(summarizer('anthropic', { retries: 2, maxRetryDelayMs: 10 }).summarize(turns));
    expect(error.kind).toBe('server');
    expect(error.attempts).toBe(3);
    expect(error.message).toMatch(/HTTP 503 Service Unavailable: Overloaded \(overloaded_error\) \(after 3 attempts\)/);
    expect(server.received).toHaveLength(3);
  });

  it('retries a 5xx (retry-after-ms) and returns the later answer', async () => {
    server.script({ kind: 'raw', status: 502, headers: { 'retry-after-ms': '5' }, body: 'bad gateway' }, { kind: 'json', body: answerBody('openai-responses', 'ok') });
    await expect(summarizer('openai-responses', { retries: 1 }).summarize(turns)).resolves.toBe('ok');
  });

  it('says the answer is not JSON, quoting it', async () => {
    server.script({ kind: 'raw', body: '<html>proxy error' });
    const error = await failure(summarizer('openai-chat').summarize(turns));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('the answer is not JSON: <html>proxy error');
  });

  it('does not retry a 401, and points at the key', async () => {
    server.script({ kind: 'json', status: 401, body: { error: { message: 'invalid x-api-key' } } }, { kind: 'json', body: answerBody('anthropic', 'x') });
    const error = await failure(summarizer('anthropic', { retries: 2 }).summarize(turns));
    expect(error.kind).toBe('http');
    expect(error.message).toContain('HTTP 401 Unauthorized (check the API key): invalid x-api-key');
    expect(server.received).toHaveLength(1);
  });

  it('reports a dropped connection, and a stream that ends before its answer does', async () => {
    server.script({ kind: 'drop' });
    expect((await failure(summarizer('openai-chat').summarize(turns))).kind).toBe('network');
    server.script({ kind: 'sse', chunks: streamChunks('anthropic', ['half']).slice(0, 4) });
    const error = await failure(summarizer('anthropic', { stream: true }).summarize(turns));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('the stream ended before the answer did');
  });

  it('stops when its signal is aborted', async () => {
    server.script({ kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user cancelled')), 50);
    const error = await failure(summarizer('openai-chat', { timeoutMs: 10_000 }).summarize(turns, '', { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
  });

  it('checks its options at construction', () => {
    expect(() => createModelSummarizer({ protocol: 'gemini' as never, model: 'm' })).toThrow(/protocol must be one of anthropic, openai-chat, openai-responses/);
    expect(() => createModelSummarizer({ protocol: 'anthropic', model: '' })).toThrow(/model must be a non-empty string/);
    expect(() => createModelSummarizer({ protocol: 'openai-chat', model: 'm', baseUrl: 'localhost:11434' })).toThrow(/baseUrl must be an http\(s\) URL/);
    expect(() => createModelSummarizer({ protocol: 'openai-chat', model: 'm', retries: 11 })).toThrow(RangeError);
    expect(() => createModelSummarizer({ protocol: 'openai-chat', model: 'm', timeoutMs: 0 })).toThrow(/timeoutMs must be an integer from 1 up/);
    expect(createModelSummarizer({ protocol: 'openai-chat', model: 'm' }).url).toBe('https://api.openai.com/v1/chat/completions');
    expect(createModelSummarizer({ protocol: 'anthropic', model: 'm' }).url).toBe('https://api.anthropic.com/v1/messages');
    expect(createModelSummarizer({ protocol: 'anthropic', model: 'm' }).prompt).toBe(MODEL_SUMMARY_PROMPT);
    expect(createModelSummarizer({ protocol: 'anthropic', model: 'm', prompt: 'Be brief.' }).prompt).toBe('Be brief.');
  });
});
