import { describe, expect, it } from 'vitest';
import type { MessageLike } from '../types';
import { analyzeTranscript, applyPrunePlan, planPrune, validateMessages, type PrunerConfig } from '../index';
import { loadMainConversation } from '../../../test/support/load-fixture';
import { answerBody, startModelServer, type ModelServer } from '../../../test/support/model-server';
import { createModelSummarizer } from './create-model-summarizer';
import { ModelRequestError } from './model-request-error';
import { withModelSummaries } from './with-model-summaries';

const { messages } = loadMainConversation('spotter-session.jsonl');
const analysis = analyzeTranscript(messages);

/** Answers with how many messages it was given and the first one's role, so each summary says what it stood for. */
const fake = {
  calls: [] as (readonly MessageLike[])[],
  async summarize(turns: readonly MessageLike[]): Promise<string> {
    this.calls.push(turns);
    return `MODEL SUMMARY of ${turns.length} messages`;
  },
};

function run(config: PrunerConfig) {
  fake.calls.length = 0;
  const plan = planPrune(analysis, config);
  return { plan, replaced: withModelSummaries(messages, plan, fake) };
}

describe('withModelSummaries on a real Claude Code session', () => {
  it('puts the model\'s text after the seed\'s placeholder line, for exactly the messages it stands for', async () => {
    const { plan, replaced } = run({ strategy: 'summarize', maxTurns: 40 });
    const before = JSON.stringify([...plan.fates]);
    const after = await replaced;
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toHaveLength(plan.summarized);
    expect(fake.calls[0]?.[0]).toBe(messages[0]);
    const summary = after.inserts[0]?.message.content as string;
    expect(summary).toBe(`[Previous context: ${plan.summarized} turns summarized]\nMODEL SUMMARY of ${plan.summarized} messages`);
    expect(JSON.stringify([...after.fates])).toBe(before);
    // The plan given is untouched.
    expect(plan.inserts[0]?.message.content).toBe(`[Previous context: ${plan.summarized} turns summarized]`);
    expect(after.tokens - plan.tokens).toBe((after.inserts[0]?.tokens ?? 0) - (plan.inserts[0]?.tokens ?? 0));
  });

  it('keeps the [Context Summary] marker of the token budget and adds no API problem', async () => {
    const total = analysis.tokens.reduce((sum, t) => sum + t, 0);
    const config: PrunerConfig = { strategy: 'token-budget', softLimitTokens: Math.round(total / 4), hardLimitTokens: Math.round(total / 2) } as PrunerConfig;
    const { plan, replaced } = run(config);
    expect(plan.inserts.length).toBeGreaterThan(0);
    const after = await replaced;
    const content = after.inserts.find((i) => i.replaces > 0)?.message.content as string;
    expect(content).toMatch(/^\[Context Summary\]\nMODEL SUMMARY of \d+ messages$/);
    const problems = (m: readonly MessageLike[]) => validateMessages(m as never, 'anthropic').map((p) => p.rule).sort();
    expect(problems(applyPrunePlan(messages, after))).toEqual(problems(applyPrunePlan(messages, plan)));
  });

  it.each([
    ['langchain-summarization', { strategy: 'langchain-summarization', triggerMessages: 50 }],
    ['codex-compact', { strategy: 'codex-compact', autoCompactLimit: 20_000 }],
    ['openhands-condenser', { strategy: 'openhands-condenser', maxSize: 60 }],
    ['claude-code-compact', { strategy: 'claude-code-compact', contextWindow: 60_000 }],
  ])('keeps the %s framing (its opening, if any, and its [Context Summary] line), for the messages its summary stands for', async (_name, config) => {
    const { plan, replaced } = run(config as PrunerConfig);
    const summary = plan.inserts.find((insert) => insert.replaces > 0 && (insert.message.content as string).includes('[Context Summary]\n'));
    expect(summary, 'the peer fired on this session').toBeDefined();
    const after = await replaced;
    const opening = (summary?.message.content as string).split('[Context Summary]\n')[0] as string;
    const rewritten = after.inserts[plan.inserts.indexOf(summary!)]?.message.content as string;
    expect(rewritten).toMatch(/\[Context Summary\]\nMODEL SUMMARY of \d+ messages$/);
    expect(rewritten.startsWith(`${opening}[Context Summary]\n`)).toBe(true);
    expect(fake.calls.every((turns) => turns.length > 0)).toBe(true);
    const problems = (m: readonly MessageLike[]) => validateMessages(m as never, 'anthropic').map((p) => p.rule).sort();
    expect(problems(applyPrunePlan(messages, after))).toEqual(problems(applyPrunePlan(messages, plan)));
  });

  it('leaves a plan without summaries as it was, and calls no model', async () => {
    const { plan, replaced } = run({ strategy: 'sliding-window', maxTurns: 20 });
    const after = await replaced;
    expect(fake.calls).toHaveLength(0);
    expect(after.inserts).toEqual(plan.inserts);
    expect(after.tokens).toBe(plan.tokens);
  });

  it('says the plan is over its token bound when the model\'s summary made it so', async () => {
    const plan = planPrune(analysis, { strategy: 'summarize', maxTokens: 20_000 });
    expect(plan.over).toBeUndefined();
    const long = { summarize: async () => 'x'.repeat(200_000) };
    const after = await withModelSummaries(messages, plan, long);
    expect(after.over?.unit).toBe('tokens');
    expect(after.over?.by).toBe(after.tokens - 20_000);
  });

  it('rejects with the model\'s error when the endpoint fails, the plan unchanged', async () => {
    let server: ModelServer | undefined;
    try {
      server = await startModelServer();
      server.script({ kind: 'json', status: 404, body: { error: { message: 'model "nope" not found' } } });
      const model = createModelSummarizer({ protocol: 'openai-chat', baseUrl: `${server.origin}/v1`, model: 'nope', retries: 0 });
      const plan = planPrune(analysis, { strategy: 'summarize', maxTurns: 40 });
      const error = await withModelSummaries(messages, plan, model).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelRequestError);
      expect((error as Error).message).toContain('HTTP 404 Not Found (check the base URL and the model name): model "nope" not found');
      expect(plan.inserts[0]?.message.content).toBe(`[Previous context: ${plan.summarized} turns summarized]`);
      server.script({ kind: 'json', body: answerBody('openai-chat', 'A real summary.') });
      const ok = await withModelSummaries(messages, plan, model);
      expect(ok.inserts[0]?.message.content).toBe(`[Previous context: ${plan.summarized} turns summarized]\nA real summary.`);
    } finally {
      await server?.close();
    }
  });
});
