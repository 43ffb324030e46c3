/**
 * Advisor benchmark (issue 22): a sweep of a 100k-message transcript × 7 strategies × 5 bounds, goal under 30 s.
 *
 *   npx tsx --expose-gc bench/advisor.bench.ts [--size=100000] [--runs=1] [--strategies=a,b]
 *
 * A seeded synthetic transcript (`synthetic-transcript.ts`, counts by characters ÷ 4, untimed), Sonnet 4.5 prices
 * and Anthropic cache rules, a 200k window: the first seven registered strategies the sweep runs at this size over
 * the default grid (5, 10, 25, 50 and 80% of the window), stateless, and live at 80% of the window. Token budget and
 * governor plan every request afresh in stateless mode (O(n²), about an hour at 100k): the sweep runs them live only;
 * Anthropic's context editing is applied to every request's whole history (O(n²) live too) and is left out; live
 * points whose plan cannot get under the trigger would prune before every request and are left out. It says so. Timed: finding
 * the probes; the whole sweep (median of `runs`, after a GC), wall and process CPU (the machine is shared: wall
 * includes waiting for a core, CPU does not); each strategy's share, from the progress callback; and, as the peer
 * in the same run, the bare replays of the same points without probes or plans, so the ratio is the advisor's own
 * cost over the replay's; and what the sweep leaves held while the transcript lives (caches), after a GC. `--strategies` sweeps those instead of the seven: with quick ones (sliding-window,
 * observation-masking) the replays are small and the ratio shows the sweep's own overhead.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { charsTokenCounter, countMessageTokens } from '../src/core';
import { STRATEGY_REGISTRY, type StrategyId } from '../src/core/strategies/registry';
import { cacheRulesFor } from '../src/core/replay/cache-rules-for';
import { replayTranscript } from '../src/core/replay/replay-transcript';
import { findProbes } from '../src/core/advisor/probes/find-probes';
import { sweepTranscript } from '../src/core/advisor/sweep-transcript';
import { listSweepSettings } from '../src/core/advisor/list-sweep-settings';
import type { SweepOptions } from '../src/core/advisor/types';
import { syntheticTranscript } from './synthetic-transcript';
import { gcFunction, median } from './measure';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SIZE = arg('size', 100_000);
const RUNS = arg('runs', 1);
const SEED = 0x5eed_0022;
const PRICES = { model: 'anthropic/claude-sonnet-4.5', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, contextWindow: 200_000 };
const gc = gcFunction();
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(run: () => T): Promise<{ wall: number; cpu: number; value: T }> {
  if (gc) {
    gc();
    await sleep(50);
  }
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000, value };
}

const messages = syntheticTranscript(SIZE, SEED);
const tokens = countMessageTokens(messages, charsTokenCounter);
const input = { messages, tokens, prices: PRICES, cache: cacheRulesFor(PRICES.model), fixedTokens: 20_000 };
// The first seven registered strategies the sweep runs at this size: those the provider applies to every request's
// whole history (context editing) replay in O(n²) and are left out of long sweeps, which would leave six.
const all = listSweepSettings(messages.length, { window: 200_000 });
const left = new Set(all.skipped.filter((skip) => skip.mode === 'live' && skip.key === undefined).map((skip) => skip.strategy));
const chosen = process.argv.find((a) => a.startsWith('--strategies='))?.split('=')[1]?.split(',') as StrategyId[] | undefined;
const strategies = chosen ?? STRATEGY_REGISTRY.map((d) => d.id).filter((id) => !left.has(id)).slice(0, 7);
const base: SweepOptions = { window: 200_000, strategies };
const { settings, skipped } = listSweepSettings(messages.length, base);
for (const id of left) console.log(`  left out of the seven: ${id}: ${all.skipped.find((skip) => skip.strategy === id)?.reason}`);
console.log(`${SIZE.toLocaleString('en-US')} messages × ${strategies.length} strategies (${strategies.join(', ')}) × 5 bounds: ${settings.length} points`);
for (const skip of skipped) console.log(`  skipped: ${skip.strategy} ${skip.mode}: ${skip.reason}`);

const probes = await timed(() => findProbes(messages));
console.log(`findProbes: ${probes.value.length.toLocaleString('en-US')} probes in ${s(probes.wall)} (CPU ${s(probes.cpu)})`);

/** Heap and array buffers in use after a full GC: what the sweep leaves held (caches kept while the transcript lives). */
const heldBytes = async (): Promise<number> => {
  if (!gc) return NaN;
  gc();
  await sleep(50);
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
const heldBefore = await heldBytes();
const walls: number[] = [];
const cpus: number[] = [];
let shares: [string, number][] = [];
let swept = new Set<string>();
for (let k = 0; k < RUNS; k++) {
  let last = performance.now();
  const seen: [string, number][] = [];
  const run = await timed(() =>
    sweepTranscript(input, {
      ...base,
      onProgress: (done) => {
        const now = performance.now();
        seen.push([settings[done - 1]?.strategy ?? '?', now - last]);
        last = now;
      },
    }),
  );
  swept = new Set(run.value.points.map((p) => p.key));
  walls.push(run.wall);
  cpus.push(run.cpu);
  shares = seen;
}
const heldAfter = await heldBytes();
const byStrategy = new Map<string, number>();
for (const [id, ms] of shares) byStrategy.set(id, (byStrategy.get(id) ?? 0) + ms);
const sweepWall = median(walls);
console.log(`sweep: ${s(sweepWall)} wall, ${s(median(cpus))} CPU (median of ${RUNS}); goal < 30 s: ${sweepWall < 30_000 ? 'met' : 'NOT met'}`);
for (const [id, ms] of byStrategy) console.log(`  ${id.padEnd(28)} ${s(ms).padStart(9)}`);
console.log(`held after the sweep (after a GC, transcript still alive): ${((heldAfter - heldBefore) / 2 ** 20).toFixed(1)} MB more than before it`);

// The peer: the bare replays of the points the sweep replayed, one replayTranscript call per strategy and mode, no probes, no plans.
const bare = await timed(() => {
  const groups = new Map<string, typeof settings>();
  for (const x of settings.filter((setting) => swept.has(setting.key))) {
    const key = `${x.strategy} ${x.mode} ${JSON.stringify(x.trigger ?? null)}`;
    groups.set(key, [...(groups.get(key) ?? []), x]);
  }
  for (const group of groups.values()) {
    const first = group[0] as (typeof settings)[number];
    replayTranscript(messages, {
      ...input,
      strategies: group.map((g) => ({ id: g.key, ...(g.config !== undefined ? { config: g.config } : {}) })),
      mode: first.mode,
      ...(first.trigger !== undefined ? { trigger: first.trigger } : {}),
      window: 200_000,
    });
  }
});
console.log(`bare replays of the same points: ${s(bare.wall)} wall, ${s(bare.cpu)} CPU; sweep ÷ replays: ${(median(cpus) / bare.cpu).toFixed(2)}× CPU, sweep − replays: ${s(median(cpus) - bare.cpu)} CPU`);
