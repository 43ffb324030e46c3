import { describe, expect, it } from 'vitest';
import type { SweepPoint, SweepResult } from '../core';
import { PruneClient } from '../worker/client';
import { inProcessTransport } from '../worker/transport';
import type { AdviseRequest, AdviseResponse } from '../worker/advise-protocol';
import { createAdvisorStore } from './advisor-store';
import { laneOfSetting } from './advisor-lane';
import { createInspectorStore } from './inspector-store';
import { MAX_LANES } from './lane-actions';
import { createReplayStore } from './replay-store';
import { EMPTY_VIEW } from './view';

const transcript = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `message ${i} `.repeat(30) })));

function fakeClient() {
  const runs: { request: AdviseRequest; answer: (r: AdviseResponse) => void }[] = [];
  return {
    runs,
    cancelled: 0,
    start(request: AdviseRequest, onResponse: (r: AdviseResponse) => void) {
      runs.push({ request, answer: onResponse });
    },
    cancel() {
      this.cancelled++;
    },
  };
}

function point(p: Partial<SweepPoint> & Pick<SweepPoint, 'strategy' | 'key' | 'costUsd' | 'loss' | 'peakInputTokens'>): SweepPoint {
  return { options: {}, mode: 'stateless', cacheWriteTokens: 0, cacheReadTokens: 0, inputTokens: 0, overWindow: 0, rewrites: 0, lossByFamily: { recall: 0, artifact: 0, continuation: 0, decision: 0 }, lostByKind: {}, probes: 4, ...p };
}

/** No pruning (dear, loses nothing), a cheap lossy bound and a middle one; only the lossy one stays under 100 tokens. */
const SWEEP: SweepResult = {
  messages: 12,
  probes: 4,
  window: 1000,
  skipped: [],
  points: [
    point({ strategy: 'none', key: 'none stateless', costUsd: 10, loss: 0, peakInputTokens: 1000 }),
    point({ strategy: 'sliding-window', key: 'sliding-window maxTokens=50 stateless', options: { maxTokens: 50 }, costUsd: 5, loss: 0.5, peakInputTokens: 50, lostByKind: { error: 1 } }),
    point({ strategy: 'importance', key: 'importance maxTokens=400 stateless', options: { maxTokens: 400 }, costUsd: 7, loss: 0.02, peakInputTokens: 400 }),
  ],
};

async function setup(messages = 12) {
  const inspector = createInspectorStore(new PruneClient(inProcessTransport()));
  inspector.setState({ encoding: 'chars' });
  await inspector.getState().load({ kind: 'text', text: transcript(messages), fileName: 't.json' }, EMPTY_VIEW);
  const replay = createReplayStore(inspector, fakeClient() as never);
  replay.getState().setSettings({ model: 'openai/gpt-4o' });
  const client = fakeClient();
  const advisor = createAdvisorStore(inspector, replay, client);
  return { inspector, advisor, client };
}

describe('advisor store', () => {
  it('sweeps the open transcript priced as the Replay view, shows progress, then the advice', async () => {
    const { advisor, client } = await setup();
    advisor.getState().run();
    expect(client.runs).toHaveLength(1);
    expect(client.runs[0]?.request).toMatchObject({ source: { kind: 'text', fileName: 't.json' }, model: 'openai/gpt-4o', encoding: 'chars' });
    client.runs[0]?.answer({ type: 'progress', phase: 'sweeping', done: 2, total: 9 });
    expect(advisor.getState()).toMatchObject({ status: 'running', progress: { phase: 'sweeping', done: 2, total: 9 } });
    client.runs[0]?.answer({ type: 'result', sweep: SWEEP, model: 'openai/gpt-4o', pricedWith: 'openai/gpt-4o', ms: 5, windows: [] });
    const s = advisor.getState();
    expect(s.status).toBe('done');
    expect(s.advice?.recommendation?.key).toBe('importance maxTokens=400 stateless');
    expect(s.advice?.frontier.map((p) => p.key)).toEqual(['sliding-window maxTokens=50 stateless', 'importance maxTokens=400 stateless', 'none stateless']);
  });

  it('re-recommends when a constraint changes, without sweeping again', async () => {
    const { advisor, client } = await setup();
    advisor.getState().run();
    client.runs[0]?.answer({ type: 'result', sweep: SWEEP, model: 'm', pricedWith: 'm', ms: 5, windows: [] });
    advisor.getState().setConstraints({ window: 100 });
    expect(advisor.getState().advice?.recommendation?.key).toBe('sliding-window maxTokens=50 stateless');
    advisor.getState().setConstraints({ keep: ['errors'] });
    expect(advisor.getState().advice?.recommendation).toBeUndefined();
    expect(advisor.getState().advice?.reason).toMatch(/^No setting keeps every error/);
    advisor.getState().setConstraints({ window: undefined, keep: undefined });
    expect(advisor.getState().constraints).toEqual({});
    expect(advisor.getState().advice?.recommendation?.key).toBe('importance maxTokens=400 stateless');
    expect(client.runs).toHaveLength(1);
  });

  it('adds a setting as a lane with its bound as the lane’s own budget, and shows the timeline', async () => {
    const { inspector, advisor } = await setup();
    inspector.getState().setPanel('advisor');
    const before = inspector.getState().lanes.length;
    expect(advisor.getState().addAsLane(SWEEP.points[2] as SweepPoint)).toBe(true);
    const lanes = inspector.getState().lanes;
    expect(lanes).toHaveLength(before + 1);
    expect(lanes.at(-1)).toMatchObject({ strategy: 'importance', options: {}, budget: { unit: 'tokens', value: 400 } });
    expect(inspector.getState().panel).toBe('timeline');
    expect(inspector.getState().focus).toBe(lanes.at(-1)?.id);
    // No pruning is no lane; a full set of lanes takes no more.
    expect(advisor.getState().addAsLane(SWEEP.points[0] as SweepPoint)).toBe(false);
    while (inspector.getState().lanes.length < MAX_LANES) advisor.getState().addAsLane(SWEEP.points[1] as SweepPoint);
    expect(advisor.getState().addAsLane(SWEEP.points[1] as SweepPoint)).toBe(false);
    expect(inspector.getState().lanes).toHaveLength(MAX_LANES);
  });

  it('drops the results and cancels a sweep under way when another transcript opens', async () => {
    const { inspector, advisor, client } = await setup();
    advisor.getState().run();
    client.runs[0]?.answer({ type: 'result', sweep: SWEEP, model: 'm', pricedWith: 'm', ms: 5, windows: [] });
    advisor.getState().run();
    await inspector.getState().load({ kind: 'text', text: transcript(8), fileName: 'u.json' }, EMPTY_VIEW);
    expect(client.cancelled).toBeGreaterThan(0);
    expect(advisor.getState()).toMatchObject({ status: 'idle', sweep: undefined, advice: undefined });
  });
});

describe('laneOfSetting', () => {
  it('turns a bound into the lane’s own token budget and keeps a peer’s trigger as its option', () => {
    expect(laneOfSetting({ strategy: 'none', options: {}, mode: 'stateless' })).toBeUndefined();
    expect(laneOfSetting({ strategy: 'summarize', options: { maxTokens: 6400 }, mode: 'live', trigger: { kind: 'tokens', over: 9000 } })).toEqual({ strategy: 'summarize', options: {}, budget: { unit: 'tokens', value: 6400 } });
    expect(laneOfSetting({ strategy: 'anthropic-compaction', options: { triggerAt: 50000 }, mode: 'live' })).toEqual({ strategy: 'anthropic-compaction', options: { triggerAt: 50000 } });
  });
});
