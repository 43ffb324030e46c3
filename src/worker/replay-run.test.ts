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
    expect(kinds).toEqual(['meta', 'lane:none', 'lane:l1', 'lane:l2', 'lane:l3', 'lane:l4', 'lane:l5', 'lane:l6', 'done']);
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

  it('a source that cannot be read ends in one error that says why', async () => {
    const responses = await run(request({ source: { kind: 'text', text: '{"messages": [', fileName: 'broken.json' } }));
    expect(responses.at(-1)).toMatchObject({ type: 'error', message: expect.stringMatching(/JSON/) });
  });
});
