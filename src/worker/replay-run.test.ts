import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultLanes } from './lanes';
import { runReplay } from './replay-run';
import type { ReplayRequest, ReplayResponse } from './replay-protocol';

const text = readFileSync(new URL('../../fixtures/spotter-session.jsonl', import.meta.url), 'utf8');

function request(update: Partial<ReplayRequest> = {}): ReplayRequest {
  return {
    source: { kind: 'text', text, fileName: 'spotter-session.jsonl' },
    conversation: 0,
    open: { scope: 'last-sent', repair: true },
    encoding: 'chars',
    plan: { lanes: defaultLanes(), budget: { unit: 'tokens', value: 30_000 }, pinned: [], epoch: 0 },
    settings: { mode: 'stateless', trigger: { kind: 'fraction', of: 0.8, window: 200_000 }, calibrate: false },
    ...update,
  };
}

async function run(req: ReplayRequest): Promise<ReplayResponse[]> {
  const responses: ReplayResponse[] = [];
  await runReplay(req, (r) => responses.push(r));
  return responses;
}

describe('runReplay', () => {
  it('answers the meta, the baseline with the recorded check, every lane (quick ones first), then done', async () => {
    const responses = await run(request());
    const kinds = responses.filter((r) => r.type !== 'progress').map((r) => (r.type === 'lane' ? `lane:${r.lane.laneId}` : r.type));
    // l5 and l6 are token budget and governor, the slow strategies.
    expect(kinds).toEqual(['models', 'meta', 'lane:none', 'lane:l1', 'lane:l2', 'lane:l3', 'lane:l4', 'lane:l5', 'lane:l6', 'done']);
    const meta = responses.find((r) => r.type === 'meta');
    expect(meta?.type === 'meta' && meta.meta.prices.model).toMatch(/claude/);
    const baseline = responses.find((r) => r.type === 'lane' && r.lane.laneId === 'none');
    if (baseline?.type !== 'lane') throw new Error('no baseline');
    expect(baseline.recorded?.requests).toBeGreaterThan(50);
    const n = baseline.lane.messageIndex.length;
    for (const r of responses) {
      if (r.type !== 'lane') continue;
      // Every lane answers the same requests, and its totals are the sum of its requests.
      expect(r.lane.messageIndex).toEqual(baseline.lane.messageIndex);
      expect(r.lane.costUsd.reduce((a, b) => a + b, 0)).toBeCloseTo(r.lane.totals.costUsd, 9);
      expect(r.lane.inputTokens).toHaveLength(n);
    }
  });

  it('a pin past an early request is no error: each request is pruned with the pins it holds', async () => {
    const responses = await run(request({ plan: { lanes: defaultLanes(), budget: { unit: 'tokens', value: 20_000 }, pinned: [3, 150], epoch: 0 } }));
    expect(responses.filter((r) => r.type === 'lane-error')).toEqual([]);
    expect(responses.at(-1)?.type).toBe('done');
  });

  it('a Codex rollout of gpt-5.5 is priced at openai/gpt-5, and the picker has every model of the table', async () => {
    const codex = readFileSync(new URL('../../fixtures/codex-rollout-gpt-5.5.jsonl', import.meta.url), 'utf8');
    const responses = await run(request({ source: { kind: 'text', text: codex, fileName: 'rollout.jsonl' }, plan: { lanes: defaultLanes().slice(0, 1), budget: { unit: 'tokens', value: 30_000 }, pinned: [], epoch: 0 } }));
    const models = responses.find((r) => r.type === 'models');
    expect(models).toMatchObject({ type: 'models', fileModel: 'gpt-5.5', model: 'gpt-5.5' });
    expect(models?.type === 'models' && models.models.length).toBeGreaterThan(50);
    const meta = responses.find((r) => r.type === 'meta');
    expect(meta?.type === 'meta' && meta.meta.prices).toMatchObject({ model: 'openai/gpt-5', source: expect.stringContaining('the nearest entry to "gpt-5.5"') });
    expect(responses.at(-1)?.type).toBe('done');
  });

  it('a model without prices asks for them, in words for people; prices typed for it replay', async () => {
    const unknown = await run(request({ settings: { mode: 'stateless', trigger: { kind: 'fraction', of: 0.8, window: 200_000 }, calibrate: false, model: 'in-house-7b' } }));
    expect(unknown.filter((r) => r.type === 'models')).toHaveLength(1);
    expect(unknown.at(-1)).toMatchObject({ type: 'error', needsPrices: true, message: expect.stringMatching(/^No prices for in-house-7b: .*Type its prices/) });
    expect(JSON.stringify(unknown.at(-1))).not.toMatch(/listModels|loadModelPrices|overrides/);
    const priced = await run(request({ settings: { mode: 'stateless', trigger: { kind: 'fraction', of: 0.8, window: 200_000 }, calibrate: false, model: 'in-house-7b', prices: { input: 0.2, output: 0.4 } } }));
    const meta = priced.find((r) => r.type === 'meta');
    expect(meta?.type === 'meta' && meta.meta.prices).toMatchObject({ model: 'in-house-7b', input: 0.2, output: 0.4, source: 'given' });
  });

  it('live: says at which request the trigger first fires, or that it never does', async () => {
    const lanes = defaultLanes().slice(0, 1);
    const live = (over: number) => request({ plan: { lanes, budget: { unit: 'tokens', value: 30_000 }, pinned: [], epoch: 0 }, settings: { mode: 'live', trigger: { kind: 'tokens', over }, calibrate: false } });
    const never = (await run(live(1e9))).find((r) => r.type === 'meta');
    expect(never?.type === 'meta' && never.meta.triggerFiresAt).toBe(-1);
    const fires = (await run(live(20_000))).find((r) => r.type === 'meta');
    expect(fires?.type === 'meta' && fires.meta.triggerFiresAt).toBeGreaterThanOrEqual(0);
  });

  it('a source that cannot be read ends in one error that says why', async () => {
    const responses = await run(request({ source: { kind: 'text', text: '{"messages": [', fileName: 'broken.json' } }));
    expect(responses.at(-1)).toMatchObject({ type: 'error', message: expect.stringMatching(/JSON/) });
  });
});

describe('runReplay with a run total', () => {
  it('the baseline comes with the recorded total beside its own totals', async () => {
    const traj = readFileSync(new URL('../../fixtures/swe-agent-test-repo-gpt-4o.traj', import.meta.url), 'utf8');
    const responses = await run(request({ source: { kind: 'text', text: traj, fileName: 'run.traj' }, open: { scope: 'whole', repair: true } }));
    const baseline = responses.find((r) => r.type === 'lane' && r.lane.laneId === 'none');
    if (baseline?.type !== 'lane') throw new Error('no baseline');
    expect(baseline.recorded).toBeUndefined();
    expect(baseline.recordedTotal).toMatchObject({ recordedRequests: 5, replayedRequests: 4, recordedInputTokens: 7141, replayedInputTokens: baseline.lane.totals.inputTokens });
    expect(responses.filter((r) => r.type === 'lane' && r.lane.laneId !== 'none' && r.recordedTotal !== undefined)).toEqual([]);
  });
});

