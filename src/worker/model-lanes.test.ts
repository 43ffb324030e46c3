import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPruneHandler } from './handler';
import type { LaneSpec, PlanResult, WorkerRequest, WorkerResponse } from './protocol';
import { answerBody, startModelServer, type ModelServer } from '../../test/support/model-server';

/**
 * The lanes' summaries by a model of the user's own, through the worker's handler, against a real HTTP server on
 * localhost with canned answers: the extractive plan first, the model's text when it answers, a failure's reason
 * with the extractive text kept, one request per settled bound however many moves came before.
 */
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const LANES: LaneSpec[] = [
  { id: 'sum', strategy: 'summarize', options: {} },
  { id: 'win', strategy: 'sliding-window', options: {} },
];
const MESSAGES = Array.from({ length: 12 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `message ${i}: edited src/file${i}.ts` }));
const planOf = (value: number) => ({ lanes: LANES, pinned: [], budget: { unit: 'messages' as const, value }, epoch: 0 });

type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;

function harness(settleMs = 30) {
  const out: WorkerResponse[] = [];
  const waiters: { test: (r: WorkerResponse) => boolean; resolve: (r: WorkerResponse) => void }[] = [];
  const handle = createPruneHandler(
    (r) => {
      out.push(r);
      for (const w of waiters.splice(0)) if (w.test(r)) w.resolve(r);
      else waiters.push(w);
    },
    { verdictDelay: () => 0, modelSettleMs: settleMs },
  );
  let id = 0;
  const send = (r: WithoutId<WorkerRequest>) => handle({ ...r, id: ++id } as WorkerRequest);
  const next = (test: (r: WorkerResponse) => boolean, limit = 8_000): Promise<WorkerResponse> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out; got ${out.map((r) => r.type).join(', ')}`)), limit);
      waiters.push({ test, resolve: (r) => (clearTimeout(timer), resolve(r)) });
    });
  const lanePlanned = (laneId: string, state?: string) => (r: WorkerResponse) =>
    r.type === 'planned' && r.plans.some((p) => p.laneId === laneId && (state === undefined || p.inserts[0]?.model?.state === state));
  const laneOf = (r: WorkerResponse, laneId: string): PlanResult => {
    if (r.type !== 'planned' && r.type !== 'loaded') throw new Error(`not a plan: ${r.type}`);
    const plan = r.plans.find((p) => p.laneId === laneId);
    if (!plan) throw new Error(`no plan for ${laneId}`);
    return plan;
  };
  return { out, send, next, lanePlanned, laneOf };
}

async function loaded(h: ReturnType<typeof harness>, value = 6) {
  const done = h.next((r) => r.type === 'loaded');
  h.send({ type: 'load', source: { kind: 'text', text: JSON.stringify(MESSAGES), fileName: 'chat.json' }, plan: { lanes: LANES, pinned: [], budget: { unit: 'messages', value } }, open: { encoding: 'chars' } });
  const r = await done;
  if (r.type !== 'loaded') throw new Error('not loaded');
  return r.doc.docId;
}

const MODEL = { protocol: 'openai-chat' as const, model: 'tiny-test' };

describe('model summaries in the lanes', () => {
  it("shows the extractive summary first, then the model's text with its tokens, one request", async () => {
    server.script({ kind: 'json', body: answerBody('openai-chat', 'The agent edited src/file0.ts and src/file2.ts.') });
    const h = harness();
    await loaded(h);
    const asking = h.next(h.lanePlanned('sum', 'asking'));
    h.send({ type: 'set-model', model: { ...MODEL, baseUrl: `${server.origin}/v1` } });
    const first = h.laneOf(await asking, 'sum');
    expect(first.inserts[0]?.text).toMatch(/^\[Previous context: \d+ turns summarized\]/);
    expect(first.inserts[0]?.text).not.toContain('The agent edited');
    const answered = h.laneOf(await h.next(h.lanePlanned('sum', 'answered')), 'sum');
    expect(answered.inserts[0]?.text).toMatch(/^\[Previous context: \d+ turns summarized\]\nThe agent edited src\/file0\.ts and src\/file2\.ts\.$/);
    expect(answered.inserts[0]?.model).toEqual({ model: 'tiny-test', state: 'answered' });
    const extractiveTokens = first.inserts[0]?.tokens ?? 0;
    const modelTokens = answered.inserts[0]?.tokens ?? 0;
    expect(modelTokens).toBe(Math.ceil(answered.inserts[0]!.text.length / 4));
    expect(answered.tokens - first.tokens).toBe(modelTokens - extractiveTokens);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.path).toBe('/v1/chat/completions');
    // The lane without a summary is never marked.
    expect(h.out.flatMap((r) => (r.type === 'planned' ? r.plans : [])).filter((p) => p.laneId === 'win').every((p) => p.inserts.every((i) => i.model === undefined))).toBe(true);
  });

  it('keeps the extractive text and says why when the endpoint fails', async () => {
    server.script({ kind: 'json', status: 400, body: { error: { message: 'model tiny-test not found' } } });
    const h = harness();
    await loaded(h);
    h.send({ type: 'set-model', model: { ...MODEL, baseUrl: `${server.origin}/v1` } });
    const failed = h.laneOf(await h.next(h.lanePlanned('sum', 'failed')), 'sum');
    expect(failed.inserts[0]?.model?.reason).toContain('model tiny-test not found');
    // The row names the model already: the reason starts at what went wrong, not at the endpoint's address.
    expect(failed.inserts[0]?.model?.reason).toMatch(/^HTTP 400/);
    expect(failed.inserts[0]?.text).toMatch(/^\[Previous context: \d+ turns summarized\]/);
    expect(failed.inserts[0]?.text).not.toContain('tiny-test');
  });

  it('a drag asks once, for the bound it settles on; dragging back reuses the answer', async () => {
    server.script({ kind: 'json', body: answerBody('openai-chat', 'Summary at four.') }, { kind: 'json', body: answerBody('openai-chat', 'Summary at eight.') });
    const h = harness(80);
    const docId = await loaded(h, 8);
    h.send({ type: 'set-model', model: { ...MODEL, baseUrl: `${server.origin}/v1` } });
    for (const value of [7, 6, 5, 4]) h.send({ type: 'plan', docId, plan: planOf(value) });
    const atFour = h.laneOf(await h.next(h.lanePlanned('sum', 'answered')), 'sum');
    expect(atFour.inserts[0]?.text).toContain('Summary at four.');
    expect(server.received).toHaveLength(1);
    h.send({ type: 'plan', docId, plan: planOf(8) });
    const atEight = h.laneOf(await h.next(h.lanePlanned('sum', 'answered')), 'sum');
    expect(atEight.inserts[0]?.text).toContain('Summary at eight.');
    // Back at four: answered at once from the cache, with the plan itself, and nothing sent.
    const back = h.next(h.lanePlanned('sum'));
    h.send({ type: 'plan', docId, plan: planOf(4) });
    const again = h.laneOf(await back, 'sum');
    expect(again.inserts[0]?.model?.state).toBe('answered');
    expect(again.inserts[0]?.text).toContain('Summary at four.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.received).toHaveLength(2);
  });

  it('aborts a request no bound wants any more, and turning the model off brings the extractive text back', async () => {
    server.script({ kind: 'hang' }, { kind: 'json', body: answerBody('openai-chat', 'Summary at five.') });
    const h = harness();
    const docId = await loaded(h, 4);
    h.send({ type: 'set-model', model: { ...MODEL, baseUrl: `${server.origin}/v1` } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.received).toHaveLength(1);
    h.send({ type: 'plan', docId, plan: planOf(5) });
    const atFive = h.laneOf(await h.next(h.lanePlanned('sum', 'answered')), 'sum');
    expect(atFive.inserts[0]?.text).toContain('Summary at five.');
    const off = h.next(h.lanePlanned('sum'));
    h.send({ type: 'set-model', model: null });
    const extractive = h.laneOf(await off, 'sum');
    expect(extractive.inserts[0]?.model).toBeUndefined();
    expect(extractive.inserts[0]?.text).not.toContain('Summary at five.');
  });
});
