/** `prune --summarizer model` against a model server the test starts on localhost: the summary is the model's, a failure writes nothing. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../run';
import { testIo } from '../../../test/support/cli-io';
import { answerBody, startModelServer, streamChunks, type ModelServer } from '../../../test/support/model-server';

const FILE = new URL('../../../fixtures/spotter-session.messages.json', import.meta.url).pathname;
const PRUNE = ['prune', FILE, '-s', 'summarize', '--max-turns', '10', '--encoding', 'chars'];

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function io(env: Record<string, string> = {}) {
  return Object.assign(testIo(), { env });
}

describe('prune --summarizer model', () => {
  it('writes the model\'s summary (streamed, OpenAI-compatible), with the key from OPENAI_API_KEY', async () => {
    server.script({ kind: 'sse', chunks: streamChunks('openai-chat', ['The user asked ', 'for a fix.']) });
    const out = io({ OPENAI_API_KEY: 'sk-local' });
    const status = await run([...PRUNE, '--summarizer', 'model', '--base-url', `${server.origin}/v1`, '--model', 'llama3.1', '--json'], out);
    expect(status).toBeLessThan(2);
    const json = JSON.parse(out.out) as { summarizer: Record<string, string>; text: string; conversations: { summarized: number }[] };
    expect(json.summarizer).toEqual({ kind: 'model', protocol: 'openai-chat', model: 'llama3.1', url: `${server.origin}/v1/chat/completions` });
    const summarized = json.conversations[0]?.summarized as number;
    expect(json.text).toContain(JSON.stringify(`[Previous context: ${summarized} turns summarized]\nThe user asked for a fix.`).slice(1, -1));
    expect(out.err).toContain(`summarizing ${summarized} messages with openai-chat model llama3.1 at ${server.origin}/v1/chat/completions`);
    const [request] = server.received;
    expect(request?.headers.authorization).toBe('Bearer sk-local');
    expect(request?.body.stream).toBe(true);
    expect(request?.body.model).toBe('llama3.1');
  });

  it('speaks Anthropic Messages with --protocol anthropic, PRUNESCOPE_API_KEY first', async () => {
    server.script({ kind: 'json', body: answerBody('anthropic', 'Anthropic summary.') });
    const out = io({ PRUNESCOPE_API_KEY: 'own-key', ANTHROPIC_API_KEY: 'other-key' });
    expect(await run([...PRUNE, '--summarizer', 'model', '--protocol', 'anthropic', '--base-url', server.origin, '--model', 'claude-x'], out)).toBeLessThan(2);
    expect(server.received[0]?.path).toBe('/v1/messages');
    expect(server.received[0]?.headers['x-api-key']).toBe('own-key');
    expect(out.out).toContain('Anthropic summary.');
  });

  it('writes nothing and exits 2 when the model fails, saying why', async () => {
    server.script({ kind: 'json', status: 401, body: { error: { type: 'authentication_error', message: 'invalid x-api-key' } } });
    const out = io();
    expect(await run([...PRUNE, '--summarizer', 'model', '--protocol', 'anthropic', '--base-url', server.origin, '--model', 'claude-x'], out)).toBe(2);
    expect(out.out).toBe('');
    expect(out.err).toMatch(/the model summary failed, nothing written: anthropic model claude-x at http:\/\/127\.0\.0\.1:\d+\/v1\/messages: HTTP 401 Unauthorized \(check the API key\): invalid x-api-key/);
  });

  it('gives up at once on a 429 that asks for a longer wait than a minute', async () => {
    server.script({ kind: 'json', status: 429, headers: { 'retry-after': '900' }, body: { error: { message: 'rate limit reached' } } });
    const out = io();
    expect(await run([...PRUNE, '--summarizer', 'model', '--base-url', `${server.origin}/v1`, '--model', 'm'], out)).toBe(2);
    expect(out.err).toContain('HTTP 429 Too Many Requests: rate limit reached; the server asks to retry after 900 s');
    expect(server.received).toHaveLength(1);
  });

  it('checks the model flags before reading the file', async () => {
    const cases: [string[], RegExp][] = [
      [['--model', 'm'], /prune: --model goes with --summarizer model/],
      [['--summarizer', 'model'], /prune: --summarizer model needs --model NAME/],
      [['--summarizer', 'gpt'], /prune: --summarizer must be one of extractive, model, got "gpt"/],
      [['--summarizer', 'model', '--model', 'm', '--protocol', 'gemini'], /--protocol must be one of anthropic, openai-chat, openai-responses/],
      [['--summarizer', 'model', '--model', 'm', '--base-url', 'localhost:8000'], /prune: --base-url must be an http\(s\) URL/],
    ];
    for (const [flags, message] of cases) {
      const out = io();
      expect(await run(['prune', 'no-such-file.json', '-s', 'summarize', '--max-turns', '10', ...flags], out)).toBe(2);
      expect(out.err).toMatch(message);
    }
  });

  it('asks no model when the strategy writes no summary, and says so', async () => {
    const out = io();
    expect(await run(['prune', FILE, '-s', 'sliding-window', '--max-turns', '10', '--summarizer', 'model', '--base-url', `${server.origin}/v1`, '--model', 'm'], out)).toBeLessThan(2);
    expect(server.received).toHaveLength(0);
    expect(out.err).toContain('sliding-window wrote no summary here, so no model was asked');
  });
});
