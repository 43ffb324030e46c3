import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Message } from '../../types';
import { findProbes } from '../probes/find-probes';
import { planPrune } from '../../prune/plan-prune';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { createModelSummarizer } from '../../model/create-model-summarizer';
import { askProbes } from './ask-probes';
import { applyPrunePlan } from '../../plan/apply-prune-plan';
import { renderTurnsForModel } from '../../model/render-turns-for-model';
import { probePrompts, PROBE_SYSTEM_PROMPT } from './probe-prompts';
import { answerHoldsFact } from './answer-holds-fact';
import type { CompleteFn } from './types';
import { probeTranscript } from '../../../../test/support/probe-transcript-arbitrary';
import { answerBody, startModelServer, type ModelServer } from '../../../../test/support/model-server';

const MESSAGES: Message[] = [
  { role: 'user', content: 'Fix the failing import in src/app.ts' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'r1', name: 'Read', input: { file_path: '/repo/src/app.ts' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'r1', content: 'import x from "left_pad_v2";\n' }] },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'e1', name: 'Edit', input: { file_path: '/repo/src/other.ts', old_string: 'a', new_string: 'b' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'e1', content: 'ok' }] },
  { role: 'user', content: 'Now also update the changelog please' },
  { role: 'assistant', content: 'Done.' },
];

/** A model that quotes whatever it was given: its answer holds exactly the facts the conversation sent holds. */
const echo: CompleteFn = async (_system, user) => user;

describe('askProbes', () => {
  it('keeps every probe the full context answers when nothing is pruned, and loses what a tight window drops', async () => {
    const probes = findProbes(MESSAGES);
    const all = await askProbes(MESSAGES, planPrune(analyzeTranscript(MESSAGES), { strategy: 'sliding-window', maxTurns: 100 }), probes, echo);
    expect(all.lost).toBe(0);
    expect(all.loss).toBe(0);
    expect(all.kept).toBeGreaterThan(0);
    const tight = await askProbes(MESSAGES, planPrune(analyzeTranscript(MESSAGES), { strategy: 'sliding-window', maxTurns: 2 }), probes, echo);
    expect(tight.results.find((r) => r.kind === 'task')?.verdict).toBe('lost');
    expect(tight.results.find((r) => r.kind === 'file' && r.fact === '/repo/src/app.ts')?.verdict).toBe('lost');
    expect(tight.loss).toBeGreaterThan(0);
    // Two requests per kind of probe: the full context, then the pruned one.
    expect(tight.requests).toBe(2 * new Set(probes.map((p) => p.kind)).size);
  });

  it('leaves out of the loss what the full context cannot answer either', async () => {
    const probes = findProbes(MESSAGES);
    const forgetful: CompleteFn = async () => 'not in the conversation';
    const report = await askProbes(MESSAGES, planPrune(analyzeTranscript(MESSAGES), { strategy: 'sliding-window', maxTurns: 2 }), probes, forgetful);
    expect(report.unanswerable).toBe(probes.length);
    expect(report.loss).toBe(0);
  });

  it('shows the exact requests before sending: the same questions, of the full context and of the pruned one', async () => {
    const probes = findProbes(MESSAGES);
    const plan = planPrune(analyzeTranscript(MESSAGES), { strategy: 'sliding-window', maxTurns: 2 });
    const prompts = probePrompts(MESSAGES, plan, probes);
    const sent: string[] = [];
    await askProbes(MESSAGES, plan, probes, async (system, user) => {
      expect(system).toBe(PROBE_SYSTEM_PROMPT);
      sent.push(user);
      return '';
    });
    expect(sent).toEqual(prompts.flatMap((p) => [p.full, p.pruned]));
    expect(prompts[0]?.full).toContain('Fix the failing import');
    expect(prompts[0]?.pruned).not.toContain('Fix the failing import');
  });

  it('matches a file by its last two segments and anything else by its quoted start, case and spacing aside', () => {
    expect(answerHoldsFact('- src/App.ts', { kind: 'file', fact: '/repo/src/app.ts' })).toBe(true);
    expect(answerHoldsFact('- app.ts', { kind: 'file', fact: '/repo/src/app.ts' })).toBe(false);
    expect(answerHoldsFact('"fix the   failing import in src"', { kind: 'task', fact: 'Fix the failing import in src/app.ts' })).toBe(true);
    expect(answerHoldsFact('fix the import', { kind: 'task', fact: 'Fix the failing import in src/app.ts' })).toBe(false);
    expect(answerHoldsFact('anything', { kind: 'task', fact: '  ' })).toBe(false);
  });

  it('property: a plan keeping everything loses nothing; one keeping only the last message keeps only what it sends', async () => {
    await fc.assert(
      fc.asyncProperty(probeTranscript(), async (messages) => {
        const probes = findProbes(messages);
        const analysis = analyzeTranscript(messages);
        const all = await askProbes(messages, planPrune(analysis, { strategy: 'sliding-window', maxTurns: messages.length }), probes, echo);
        expect(all.lost).toBe(0);
        const lastPlan = planPrune(analysis, { strategy: 'sliding-window', maxTurns: 1 });
        const last = await askProbes(messages, lastPlan, probes, echo);
        // What is sent: the last message (and its call, when it is a result); a probe is kept only when that holds its fact.
        const sentText = renderTurnsForModel(applyPrunePlan(messages, lastPlan), 4_000);
        for (const result of last.results) if (result.verdict === 'kept') expect(answerHoldsFact(sentText, result)).toBe(true);
        expect(last.kept + last.lost + last.unanswerable).toBe(probes.length);
      }),
      { numRuns: 40 },
    );
  });
});

describe('askProbes against a model endpoint', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  it('judges the canned answers, and a failed request rejects with its reason', async () => {
    const probes = findProbes(MESSAGES).filter((p) => p.kind === 'file');
    const model = createModelSummarizer({ protocol: 'openai-chat', baseUrl: `${server.origin}/v1`, model: 'tiny', retries: 0 });
    const plan = planPrune(analyzeTranscript(MESSAGES), { strategy: 'sliding-window', maxTurns: 2 });
    server.script({ kind: 'json', body: answerBody('openai-chat', '/repo/src/app.ts\n/repo/src/other.ts') }, { kind: 'json', body: answerBody('openai-chat', 'src/other.ts') });
    const report = await askProbes(MESSAGES, plan, probes, model.complete);
    expect(report.results.map((r) => [r.fact, r.verdict])).toEqual([
      ['/repo/src/app.ts', 'lost'],
      ['/repo/src/other.ts', 'kept'],
    ]);
    expect(server.received).toHaveLength(2);
    expect(JSON.stringify(server.received[0]?.body)).toContain('List the path of every file');
    server.script({ kind: 'json', status: 401, body: { error: { message: 'bad key' } } });
    await expect(askProbes(MESSAGES, plan, probes, model.complete)).rejects.toThrow(/HTTP 401.*bad key/);
  });
});
