import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Message } from '../types';
import type { ModelPrices } from '../replay/types';
import type { AdvicePoint } from './aggregate-sweeps';
import type { SweepPoint } from './types';
import { STRATEGY_REGISTRY } from '../strategies/registry';
import { countMessageTokens } from '../tokens/count-message-tokens';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import { cacheRulesFor } from '../replay/cache-rules-for';
import { sweepTranscript } from './sweep-transcript';
import { sweepTranscriptAsync } from './sweep-transcript-async';
import { paretoFrontier, type CostLoss } from './pareto-frontier';
import { dominates } from './dominates';
import { adviseSweeps } from './advise-sweeps';
import { probeTranscript } from '../../../test/support/probe-transcript-arbitrary';
import { loadMainConversation } from '../../../test/support/load-fixture';

const PRICES: ModelPrices = { model: 'anthropic/claude-sonnet-4.5', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, contextWindow: 200_000 };

const inputOf = (messages: readonly Message[]) => ({
  messages,
  tokens: countMessageTokens(messages, charsTokenCounter),
  prices: PRICES,
  cache: cacheRulesFor(PRICES.model),
  fixedTokens: 2_000,
});

describe('sweepTranscript', () => {
  const { messages } = loadMainConversation('codex-rollout-gpt-5.5.jsonl');
  const sweep = sweepTranscript(inputOf(messages), { window: 200_000, bounds: [5_000, 20_000, 60_000] });

  it('replays no pruning first, then every registered strategy, each setting once', () => {
    expect(sweep.points[0]).toMatchObject({ strategy: 'none', mode: 'stateless', loss: 0 });
    const swept = new Set(sweep.points.map((p) => p.strategy));
    for (const { id } of STRATEGY_REGISTRY) expect(swept.has(id) || sweep.skipped.some((s) => s.strategy === id), id).toBe(true);
    expect(new Set(sweep.points.map((p) => p.key)).size).toBe(sweep.points.length);
    for (const p of sweep.points) {
      expect(p.error, p.key).toBeUndefined();
      expect(p.loss).toBeGreaterThanOrEqual(0);
      expect(p.loss).toBeLessThanOrEqual(1);
      expect(p.costUsd).toBeGreaterThan(0);
    }
  });

  it('a live point whose trigger never fires loses nothing (the agent never pruned), whatever its bound', () => {
    // Peak input is below 160,000 (80% of the window): no live replay of ours prunes, so none loses a probe.
    const none = sweep.points[0];
    expect(none?.peakInputTokens).toBeLessThan(160_000);
    const live = sweep.points.filter((p) => p.mode === 'live' && p.trigger !== undefined);
    expect(live.length).toBeGreaterThan(0);
    for (const p of live) expect([p.key, p.loss, p.costUsd]).toEqual([p.key, 0, none?.costUsd]);
  });

  it('a tighter bound never loses less with a sliding window, and sends less', () => {
    const window = sweep.points.filter((p) => p.strategy === 'sliding-window' && p.mode === 'stateless');
    expect(window.map((p) => p.options.maxTokens)).toEqual([5_000, 20_000, 60_000]);
    for (let k = 1; k < window.length; k++) {
      expect((window[k - 1] as AdvicePoint | undefined)?.loss).toBeGreaterThanOrEqual((window[k] as { loss: number }).loss);
      expect((window[k - 1] as { peakInputTokens: number }).peakInputTokens).toBeLessThanOrEqual((window[k] as { peakInputTokens: number }).peakInputTokens);
    }
  });

  it('is deterministic, reports progress and stops when aborted', async () => {
    const seen: [number, number][] = [];
    const again = sweepTranscript(inputOf(messages), { window: 200_000, bounds: [5_000, 20_000, 60_000], onProgress: (done, total) => seen.push([done, total]) });
    expect(again).toEqual(sweep);
    expect(seen.at(-1)).toEqual([sweep.points.length, sweep.points.length]);
    const controller = { aborted: false };
    let steps = 0;
    const run = sweepTranscriptAsync(inputOf(messages), {
      window: 200_000,
      signal: controller,
      pause: async () => {
        if (++steps === 2) controller.aborted = true;
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('slow strategies run live only on long transcripts, and say so', () => {
    const small = sweepTranscript(inputOf(messages), { window: 200_000, bounds: [20_000], slowStatelessUpTo: 10 });
    const slow = STRATEGY_REGISTRY.filter((s) => s.slow === true && s.replay?.stateless === undefined && s.replay?.trigger === undefined && s.replay?.serverSide !== true).map((s) => s.id);
    expect(slow.length).toBeGreaterThan(0);
    for (const id of slow) {
      expect(small.points.some((p) => p.strategy === id && p.mode === 'stateless')).toBe(false);
      expect(small.skipped.find((s) => s.strategy === id)?.reason).toMatch(/live only/);
    }
    // Applied by the provider to every request's whole history (live is stateless): one planned afresh per request is
    // O(n²) and not swept at all; one with its own replay (all registered ones now) is swept like any other.
    const applied = STRATEGY_REGISTRY.filter((s) => s.replay?.serverSide === true);
    expect(applied.length).toBeGreaterThan(0);
    for (const definition of applied) {
      const swept = small.points.some((p) => p.strategy === definition.id);
      if (definition.slow === true && definition.replay?.stateless === undefined) {
        expect(swept).toBe(false);
        expect(small.skipped.find((s) => s.strategy === definition.id)?.reason).toMatch(/not swept over 10 messages/);
      } else expect(swept, definition.id).toBe(true);
    }
  });

  it('leaves out a live point whose plan cannot get under the trigger, on long transcripts, and says which', () => {
    const options = { window: 200_000, bounds: [2_000], triggers: [0.05], strategies: ['observation-masking' as const, 'sliding-window' as const] };
    const long = sweepTranscript(inputOf(messages), { ...options, slowStatelessUpTo: 10 });
    const masked = long.skipped.find((s) => s.strategy === 'observation-masking' && s.mode === 'live');
    expect(masked?.key).toBe('observation-masking maxTokens=2000 live>10000');
    expect(masked?.reason).toMatch(/^its plan keeps [\d,]+ tokens, over the trigger \(10,000\): it would prune before every request/);
    expect(long.points.map((p) => p.key)).toContain('sliding-window maxTokens=2000 live>10000');
    expect(long.points.map((p) => p.key)).not.toContain(masked?.key);
    // Below the limit it is swept: the replay is cheap there.
    expect(sweepTranscript(inputOf(messages), { ...options, slowStatelessUpTo: 10_000 }).points.map((p) => p.key)).toContain(masked?.key);
  });

  it('advice: the recommendation keeps what it is told to and explains itself', () => {
    const advice = adviseSweeps([sweep], { keep: ['task', 'errors'], window: 60_000 });
    const rec = advice.recommendation;
    expect(rec).toBeDefined();
    const point = advice.points.find((p) => p.key === rec?.key) as AdvicePoint;
    expect(point.lostByKind.task ?? 0).toBe(0);
    expect(point.lostByKind.error ?? 0).toBe(0);
    expect(point.peakInputTokens).toBeLessThanOrEqual(60_000);
    expect(advice.reason).toMatch(/keeps the task and every error/);
    expect(rec?.best).toEqual({ count: 1, of: 1 });
    expect(adviseSweeps([sweep], { window: 1_000 }).recommendation).toBeUndefined();
    expect(adviseSweeps([sweep], { window: 1_000 }).reason).toMatch(/^No setting sends no request over 1,000 tokens: of \d+, \d+ go over the window\.$/);
  });

  it('over a corpus: how often it was best, and the spread', () => {
    const other = sweepTranscript(inputOf(loadMainConversation('spotter-short.jsonl').messages), { window: 200_000, bounds: [5_000, 20_000, 60_000] });
    const advice = adviseSweeps([sweep, other], { keep: ['task'] });
    expect(advice.conversations).toBe(2);
    expect(advice.recommendation?.best.of).toBe(2);
    const [low, high] = advice.recommendation?.spread.loss ?? [NaN, NaN];
    expect(low).toBeLessThanOrEqual(high);
    // Settings swept on one only (a slow strategy's stateless points, skipped on the longer) are never recommended.
    const partial = advice.points.filter((p) => p.conversations < 2);
    for (const p of partial) expect(advice.skipped.map((s) => `${s.strategy} ${s.mode}`)).toContain(`${p.strategy} ${p.mode}`);
    expect(partial.some((p) => p.key === advice.recommendation?.key)).toBe(false);
    expect(advice.partial).toBe(partial.length);
  });

  // Regression: files of two windows are swept on two grids; a setting of one grid only (summed over one
  // conversation) topped the frontier at −85% against no pruning summed over both.
  it('over a corpus, a setting swept on only some conversations stays out of the frontier and the recommendation', () => {
    const points = sweep.points.map((p) => (p.strategy === 'none' ? p : { ...p, costUsd: 0.001, loss: 0, lostByKind: {} }));
    const only = points.find((p) => p.strategy !== 'none') as SweepPoint;
    const elsewhere = { ...sweep, points: points.filter((p) => p !== only) };
    const advice = adviseSweeps([{ ...sweep, points }, elsewhere]);
    expect(advice.points.find((p) => p.key === only.key)?.conversations).toBe(1);
    expect(advice.partial).toBe(1);
    expect(advice.frontier.map((p) => p.key)).not.toContain(only.key);
    expect(advice.frontier.every((p) => p.conversations === 2)).toBe(true);
    expect(advice.recommendation?.key).not.toBe(only.key);
    // Swept on both, it would have been on the frontier.
    expect(adviseSweeps([{ ...sweep, points }, { ...sweep, points }]).frontier.map((p) => p.key)).toContain(only.key);
  });
});

describe('paretoFrontier', () => {
  const point = fc.record({ costUsd: fc.integer({ min: 0, max: 20 }).map((c) => c / 4), loss: fc.integer({ min: 0, max: 10 }).map((l) => l / 10), failed: fc.boolean() });
  it('property: no frontier point is dominated; every other point is dominated by a frontier point', () => {
    fc.assert(
      fc.property(fc.array(point, { maxLength: 40 }), (raw) => {
        const points: CostLoss[] = raw.map(({ failed, ...p }) => (failed ? { ...p, error: 'x' } : p));
        const frontier = paretoFrontier(points);
        const valid = points.filter((p) => p.error === undefined);
        for (const f of frontier) for (const p of valid) expect(dominates(p, f)).toBe(false);
        for (const p of valid) if (!frontier.includes(p)) expect(frontier.some((f) => dominates(f, p))).toBe(true);
        expect(frontier.every((f) => f.error === undefined)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('sweep on generated transcripts', () => {
  it('property: no pruning loses nothing, and every point is scored', () => {
    fc.assert(
      fc.property(probeTranscript(8), (messages) => {
        const sweep = sweepTranscript(inputOf(messages), { window: 100_000, bounds: [50, 400], strategies: ['sliding-window', 'observation-masking'] });
        expect(sweep.points[0]?.loss).toBe(0);
        for (const p of sweep.points) expect(p.error).toBeUndefined();
      }),
      { numRuns: 30 },
    );
  });
});
