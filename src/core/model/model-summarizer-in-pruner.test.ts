/** The model summarizer in `ContextPruner`, against a local server: its text becomes the summary; a failure changes nothing and says why. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContextPruner } from '../context-pruner/context-pruner';
import { deepFreeze, sizedTurns, windowOf } from '../../../test/support/build-turns';
import { answerBody, startModelServer, streamChunks, type ModelServer } from '../../../test/support/model-server';
import { createModelSummarizer } from './create-model-summarizer';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const config = { softLimitTokens: 10_000, hardLimitTokens: 20_000 };
const window = deepFreeze(windowOf(sizedTurns(12, 1_000)));

describe('createModelSummarizer in ContextPruner', () => {
  it('prunes with the model\'s text as the summary (streamed)', async () => {
    server.script({ kind: 'sse', chunks: streamChunks('openai-chat', ['[Context Summary]\n', 'Task: t0. ', 'Files: none.']) });
    const model = createModelSummarizer({ protocol: 'openai-chat', baseUrl: `${server.origin}/v1`, model: 'local', stream: true });
    const result = await new ContextPruner(model, config).prune(window, 'the task');
    expect(result.pruned).toBe(true);
    // The echoed marker is not doubled.
    expect(result.summary).toBe('Task: t0. Files: none.');
    expect(result.window.turns.find((t) => t.content === '[Context Summary]\nTask: t0. Files: none.')).toBeDefined();
    const sent = JSON.stringify(server.received[0]?.body);
    expect(sent).toContain(`Summarize these ${result.removedTurnCount} messages.`);
  });

  it('leaves the window as it was, with reason summarizer-failed and the server\'s words, when the model fails', async () => {
    server.script({ kind: 'json', status: 500, body: { error: { message: 'CUDA out of memory' } } });
    const model = createModelSummarizer({ protocol: 'anthropic', baseUrl: server.origin, model: 'm', retries: 0 });
    const result = await new ContextPruner(model, config).prune(window);
    expect(result.pruned).toBe(false);
    expect(result.window).toBe(window);
    expect(result.reason).toBe('summarizer-failed');
    expect(result.detail).toMatch(/^the summarizer threw: anthropic model m at http:\/\/127\.0\.0\.1:\d+\/v1\/messages: HTTP 500 Internal Server Error: CUDA out of memory$/);
  });

  it('reports an abort as aborted, the window unchanged', async () => {
    server.script({ kind: 'hang' });
    const model = createModelSummarizer({ protocol: 'openai-responses', baseUrl: `${server.origin}/v1`, model: 'm' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const result = await new ContextPruner(model, config).prune(window, '', { signal: controller.signal });
    expect(result.reason).toBe('aborted');
    expect(result.window).toBe(window);
  });

  it('answers a plain JSON answer to a streamed request as well (a server that ignores stream)', async () => {
    server.script({ kind: 'json', body: answerBody('anthropic', 'short summary') });
    const model = createModelSummarizer({ protocol: 'anthropic', baseUrl: server.origin, model: 'm', stream: true });
    const result = await new ContextPruner(model, config).prune(window);
    expect(result.summary).toBe('short summary');
  });
});
