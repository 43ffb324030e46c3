/** `advise --probe-model` against a model server the test starts on localhost: canned answers, then a failure. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testIo } from '../../../test/support/cli-io';
import { answerBody, startModelServer, type ModelServer } from '../../../test/support/model-server';
import { readFileSync } from 'node:fs';
import { findProbes } from '../../lib/index';
import { parseTranscript } from '../../lib/formats';
import { adviseCommand } from './advise';
import type { AdviseJson } from '../advise/types';

const CLAUDE = 'fixtures/spotter-session.jsonl';
// The window leaves room for the fixed part the file's first request shows (about 31k tokens of system prompt and tools).
const FAST = ['--encoding', 'chars', '--jobs', '1', '--bounds', '5000', '-s', 'sliding-window', '--keep', 'none', '--window', '60000', '--whole-history'];

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('advise --probe-model', () => {
  it('asks the model each kind of probe of the full and the pruned context, and loses what only the full answer states', async () => {
    const task = findProbes(parseTranscript(readFileSync(CLAUDE, 'utf8')).conversations[0]!.messages).find((p) => p.kind === 'task');
    expect(task).toBeDefined();
    // The task is asked first: the full context's answer quotes it, the pruned one's does not. Nothing else is stated.
    server.script(
      { kind: 'json', body: answerBody('openai-chat', `"${task!.fact}"`) },
      ...Array.from({ length: 11 }, () => ({ kind: 'json' as const, body: answerBody('openai-chat', 'not in the conversation') })),
    );
    const io = Object.assign(testIo(), { env: { OPENAI_API_KEY: 'sk-local' } });
    const code = await adviseCommand([CLAUDE, ...FAST, '--probe-model', 'tiny', '--probe-base-url', `${server.origin}/v1`, '--json'], io);
    expect(code).toBe(0);
    const json = JSON.parse(io.out) as AdviseJson;
    const report = json.modelProbes?.outcomes[0]?.report;
    expect(json.modelProbes?.model).toBe('tiny');
    expect(report?.results.find((r) => r.kind === 'task')?.verdict).toBe('lost');
    expect(report?.lost).toBe(1);
    expect(report?.loss).toBe(1);
    expect(report?.unanswerable).toBe((report?.results.length ?? 0) - 1);
    expect(report?.requests).toBe(server.received.length);
    expect(server.received[0]?.headers.authorization).toBe('Bearer sk-local');
    expect(JSON.stringify(server.received[0]?.body)).toContain('What did the user first ask the agent to do?');
    expect(io.err).toContain(`asking tiny at ${server.origin}/v1/chat/completions`);
  }, 60_000);

  it('says in words what the pruned answers lost', async () => {
    const task = findProbes(parseTranscript(readFileSync(CLAUDE, 'utf8')).conversations[0]!.messages).find((p) => p.kind === 'task')!;
    server.script({ kind: 'json', body: answerBody('openai-chat', task.fact) }, ...Array.from({ length: 11 }, () => ({ kind: 'json' as const, body: answerBody('openai-chat', 'no') })));
    const io = testIo();
    expect(await adviseCommand([CLAUDE, ...FAST, '--probe-model', 'tiny', '--probe-base-url', `${server.origin}/v1`], io)).toBe(0);
    expect(io.out).toMatch(/\nProbes answered by tiny \(kept: .*\):\n {2}fixtures\/spotter-session\.jsonl \(.+\): 0 kept, 1 lost, \d+ not answered from the full context either · loss 100\.0% · \d+ requests\n {4}lost task: /);
  }, 60_000);

  it('shows the prompts and sends nothing with --probe-prompts', async () => {
    const io = testIo();
    expect(await adviseCommand([CLAUDE, ...FAST, '--probe-prompts'], io)).toBe(0);
    expect(io.out).toContain('system: You answer a question about the conversation');
    expect(io.out).toContain('pruned context:\n<conversation>');
    // No model was named: the heading says nothing was sent, not "answered by" an empty name.
    expect(io.out).toContain('\nProbe prompts (nothing sent: --probe-model names the model that would answer them):');
    expect(io.out).not.toContain('answered by  (');
    expect(server.received).toEqual([]);
  }, 60_000);

  it('a failed request is said, with the recommendation still written', async () => {
    server.script({ kind: 'json', status: 401, body: { error: { message: 'bad key' } } });
    const io = testIo();
    const code = await adviseCommand([CLAUDE, ...FAST, '--probe-model', 'tiny', '--probe-base-url', `${server.origin}/v1`, '--json'], io);
    expect(code).toBe(1);
    const json = JSON.parse(io.out) as AdviseJson;
    expect(json.recommendation).not.toBeNull();
    expect(json.modelProbes?.outcomes[0]?.error).toMatch(/HTTP 401.*bad key/);
  }, 60_000);

  it('refuses a probe flag without --probe-model', async () => {
    await expect(adviseCommand([CLAUDE, ...FAST, '--probe-base-url', 'http://localhost:1/v1'], testIo())).rejects.toThrow('--probe-base-url goes with --probe-model');
  });
});
