/**
 * The prune worker's side of a budget change (issue 24), in Node: a 50k-message transcript loaded through the
 * handler, then 50 budget changes as the browser benchmark makes them, each lane's planning and result building
 * timed from the handler's own measures (src/worker/handler.ts), with the process's CPU time. `npx tsx
 * bench/quick-lanes.bench.ts [count]`; `QUICK_LANES_HASH=1` prints a hash of every answer instead (outputs compared
 * before and after a change).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPruneHandler } from '../src/worker/handler';
import { defaultLanes } from '../src/worker/lanes';
import type { PlanResult, WorkerRequest, WorkerResponse } from '../src/worker/protocol';
import { syntheticTranscript } from './synthetic-transcript';

const count = Number(process.argv[2] ?? 50_000);
const OUT = fileURLToPath(new URL('./out/', import.meta.url));
mkdirSync(OUT, { recursive: true });
const path = `${OUT}synthetic-${count}.json`;
if (!existsSync(path)) writeFileSync(path, JSON.stringify(syntheticTranscript(count, 20_260_101)));
const text = readFileSync(path, 'utf8');

const out: WorkerResponse[] = [];
let wake: (() => void) | undefined;
const handle = createPruneHandler((r) => {
  out.push(r);
  wake?.();
}, { verdictDelay: () => 1e9, modelSettleMs: 1e9 });
/** The first answer that passes `test`, and every answer heard with it (a budget change's `scored` follows its plans). */
const heard = (test: (r: WorkerResponse) => boolean) =>
  new Promise<{ hit: WorkerResponse; batch: WorkerResponse[] }>((resolve) => {
    const check = () => {
      const hit = out.find(test);
      if (hit) {
        const batch = out.splice(0);
        resolve({ hit, batch });
      } else wake = check;
    };
    check();
  });
const until = async (test: (r: WorkerResponse) => boolean) => (await heard(test)).hit;

/** A plan's results with their scorecards, whether they came with them or in a `scored` right after. */
function withScores(plans: PlanResult[], batch: WorkerResponse[], id: number): PlanResult[] {
  const scored = batch.find((r): r is Extract<WorkerResponse, { type: 'scored' }> => r.type === 'scored' && r.id === id);
  if (!scored) return plans;
  return plans.map((plan) => ({ ...plan, scorecard: scored.scores.find((s) => s.laneId === plan.laneId && s.key === plan.key)?.scorecard }));
}

const lanes = defaultLanes();
handle({ type: 'load', id: 1, source: { kind: 'text', text, fileName: 'synthetic.json' }, plan: { lanes, pinned: [] }, open: { encoding: 'chars' } } as WorkerRequest);
const loaded = await until((r) => r.type === 'loaded');
if (loaded.type !== 'loaded') throw new Error('not loaded');
const total = loaded.doc.totalTokens;
const values = Array.from({ length: 50 }, (_, i) => Math.round((((i * 37) % 50) / 50) * total * 0.9) + Math.round(total * 0.05));
const hash = createHash('sha256');
const hashing = process.env.QUICK_LANES_HASH === '1';
// Warm-up: the optimizing compiler, as a session that has dragged a while.
for (const [k, value] of [...values.slice(0, 10), ...values].entries()) {
  if (k === 10) performance.clearMeasures();
  const cpu = process.cpuUsage();
  const t = performance.now();
  handle({ type: 'plan', id: 100 + k, docId: loaded.doc.docId, plan: { lanes, pinned: [], budget: { unit: 'tokens', value }, epoch: loaded.doc.epoch } });
  const { hit: planned, batch } = await heard((r) => r.type === 'planned' && r.id === 100 + k);
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  if (k >= 10) performance.measure('ps:quick-total', { start: t, duration: wall, detail: { cpu: (used.user + used.system) / 1000 } });
  if (hashing && planned.type === 'planned') hash.update(JSON.stringify(withScores(planned.plans, batch, 100 + k), (_, v) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v)));
  // The slow lanes of this budget are not waited for: the next change supersedes them, as a cancel would.
  handle({ type: 'cancel', id: 100 + k });
  await new Promise((r) => setTimeout(r, 5));
}
if (hashing) {
  console.log(`quick lanes' answers, ${count} messages, 60 budgets: sha256 ${hash.digest('hex')}`);
} else {
  const by = new Map<string, number[]>();
  for (const m of performance.getEntriesByType('measure')) by.set(m.name, [...(by.get(m.name) ?? []), m.duration]);
  const cpu = performance.getEntriesByType('measure').filter((m) => m.name === 'ps:quick-total').map((m) => (m as PerformanceMeasure).detail.cpu as number);
  const q = (list: number[], f: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil(f * list.length) - 1)] ?? NaN;
  for (const [name, list] of [...by.entries()].sort()) console.log(`${name.slice(3).padEnd(28)} p50 ${q(list, 0.5).toFixed(2)} p95 ${q(list, 0.95).toFixed(2)} ms (n=${list.length})`);
  console.log(`${'quick-total cpu'.padEnd(28)} p50 ${q(cpu, 0.5).toFixed(2)} p95 ${q(cpu, 0.95).toFixed(2)} ms`);
}
process.exit(0);
