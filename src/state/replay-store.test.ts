import { describe, expect, it, vi } from 'vitest';
import { PruneClient } from '../worker/client';
import { inProcessTransport } from '../worker/transport';
import type { ReplayRequest, ReplayResponse } from '../worker/replay-protocol';
import { createInspectorStore } from './inspector-store';
import { createReplayStore } from './replay-store';
import { EMPTY_VIEW } from './view';

const transcript = JSON.stringify(
  Array.from({ length: 12 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `message ${i} `.repeat(30) })),
);

/** A replay client that records what it was asked and lets the test answer. */
function fakeClient() {
  const runs: { request: ReplayRequest; answer: (r: ReplayResponse) => void }[] = [];
  return {
    runs,
    cancelled: 0,
    start(request: ReplayRequest, onResponse: (r: ReplayResponse) => void) {
      runs.push({ request, answer: onResponse });
    },
    cancel() {
      this.cancelled++;
    },
  };
}

async function loaded() {
  const inspector = createInspectorStore(new PruneClient(inProcessTransport()));
  inspector.setState({ encoding: 'chars' });
  await inspector.getState().load({ kind: 'text', text: transcript, fileName: 't.json' }, { ...EMPTY_VIEW, budget: { unit: 'messages', value: 6 } });
  return inspector;
}

describe('replay store', () => {
  it('replays only while the panel is open, once per settled change, and again for new settings', async () => {
    const inspector = await loaded();
    vi.useFakeTimers();
    try {
      const client = fakeClient();
      const replay = createReplayStore(inspector, client);
      await vi.advanceTimersByTimeAsync(1000);
      expect(client.runs).toHaveLength(0);
      inspector.getState().setPanel('replay');
      await vi.advanceTimersByTimeAsync(10);
      expect(client.runs).toHaveLength(1);
      expect(client.runs[0]?.request.source).toMatchObject({ kind: 'text', fileName: 't.json' });
      // A drag of the budget: one replay when it settles, for the last value.
      for (const value of [5, 4, 3]) inspector.getState().setBudget({ unit: 'messages', value });
      await vi.advanceTimersByTimeAsync(100);
      expect(client.runs).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(400);
      expect(client.runs).toHaveLength(2);
      expect(client.runs[1]?.request.plan.budget).toEqual({ unit: 'messages', value: 3 });
      // Done, and nothing changed since: no replay. (One cut short by leaving the panel would start again.)
      client.runs[1]?.answer({ type: 'done', ms: 1 });
      inspector.getState().setPanel('timeline');
      inspector.getState().setPanel('replay');
      await vi.advanceTimersByTimeAsync(500);
      expect(client.runs).toHaveLength(2);
      replay.getState().setSettings({ mode: 'live' });
      await vi.advanceTimersByTimeAsync(500);
      expect(client.runs).toHaveLength(3);
      expect(client.runs[2]?.request.settings.mode).toBe('live');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the last results until the new replay answers, then shows only the new one; stop cancels', async () => {
    const inspector = await loaded();
    vi.useFakeTimers();
    try {
      const client = fakeClient();
      const replay = createReplayStore(inspector, client);
      inspector.getState().setPanel('replay');
      await vi.advanceTimersByTimeAsync(10);
      const lane = (laneId: string, cost: number): ReplayResponse => ({
        type: 'lane',
        lane: {
          laneId,
          messageIndex: Int32Array.of(1),
          inputTokens: Float64Array.of(10),
          cacheReadTokens: Float64Array.of(0),
          cacheWriteTokens: Float64Array.of(10),
          costUsd: Float64Array.of(cost),
          rewrite: Uint8Array.of(0),
          totals: { inputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 10, outputTokens: 0, costUsd: cost },
          peakInputTokens: 10,
          rewrites: 0,
          overWindow: 0,
          ms: 1,
        },
      });
      const meta: ReplayResponse = {
        type: 'meta',
        meta: { prices: { model: 'm', input: 1, output: 1, cacheRead: 0.1, cacheWrite: 1.25 }, requests: 1, messages: 12, window: 200_000, fixedTokens: 0, systemTokens: 0, hasRecorded: false },
      };
      const first = client.runs[0];
      first?.answer(meta);
      first?.answer(lane('none', 1));
      first?.answer({ type: 'done', ms: 5 });
      expect(replay.getState().status).toBe('done');
      expect(Object.keys(replay.getState().lanes)).toEqual(['none']);
      replay.getState().setSettings({ calibrate: true });
      await vi.advanceTimersByTimeAsync(500);
      expect(replay.getState().status).toBe('running');
      // Until the new replay says anything, the old results stay on screen.
      expect(replay.getState().lanes.none?.totals.costUsd).toBe(1);
      client.runs[1]?.answer(meta);
      expect(replay.getState().lanes).toEqual({});
      client.runs[1]?.answer(lane('none', 2));
      expect(replay.getState().lanes.none?.totals.costUsd).toBe(2);
      replay.getState().stop();
      expect(client.cancelled).toBeGreaterThan(0);
      expect(replay.getState().status).toBe('idle');

      // Regression: another file's results stayed on screen, under the new file's name, until its replay answered.
      client.runs[1]?.answer({ type: 'models', models: [], fileModel: 'claude-opus-4-6', model: 'claude-opus-4-6' });
      const asked = client.runs.length;
      const cancelled = client.cancelled;
      replay.getState().rerun();
      await vi.advanceTimersByTimeAsync(10);
      expect(replay.getState().status).toBe('running');
      // The load runs in the in-process worker on real timers.
      vi.useRealTimers();
      await inspector.getState().load({ kind: 'text', text: transcript.replace('message 0', 'another 0'), fileName: 'other.json' });
      const after = replay.getState();
      expect(after.lanes).toEqual({});
      expect(after.meta).toBeUndefined();
      expect(after.fileModel).toBeUndefined();
      expect(client.cancelled).toBe(cancelled + 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(client.runs).toHaveLength(asked + 2);
      expect(client.runs.at(-1)?.request.source).toMatchObject({ fileName: 'other.json' });
    } finally {
      vi.useRealTimers();
    }
  });
});
