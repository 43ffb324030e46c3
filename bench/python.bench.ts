/**
 * The Python port beside the TypeScript core, on the same transcripts (issue 14):
 *
 *   npm run bench:python     (or: npx tsx bench/python.bench.ts)
 *
 * Per size, the seeded synthetic transcript of prune.bench.ts (same seed, maxTurns 20% of the size) is written to a
 * temporary JSON file; the core is timed on `JSON.parse` of that file, then python/bench/bench_prune.py on
 * `json.loads` of the same bytes, with Debian's /usr/bin/python3. Both take a full GC before each run and report the
 * median. The kept counts must agree, or the bench stops: a faster wrong answer is no figure.
 *
 * The ratio is of CPU time (`process.cpuUsage`, user + system, against Python's `time.process_time`): the machine is
 * shared, and wall time bills each side for the other processes that held the cores meanwhile. Wall medians are
 * printed beside it. V8's CPU time includes its helper threads (GC, compilation) while they work for the run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { estimateTokens, pruneMessages, type Message, type PrunerConfig } from '../src/core';
import { messageTextLength } from '../src/core/text/message-text-length';
import { syntheticTranscript } from './synthetic-transcript';
import { gcFunction, median } from './measure';

const SEED = 0x5eed_0002;
const SIZES = [10_000, 100_000] as const;
const KEEP_FRACTION = 0.2;
/** Each strategy by messages, the seed's three by tokens too (20% of the chars ÷ 4 estimate), and masking's defaults. */
const CASES = (maxTurns: number, maxTokens: number): { label: string; config: PrunerConfig }[] => [
  { label: 'sliding-window', config: { strategy: 'sliding-window', maxTurns } },
  { label: 'summarize', config: { strategy: 'summarize', maxTurns } },
  { label: 'importance', config: { strategy: 'importance', maxTurns } },
  { label: 'sliding-window, maxTokens', config: { strategy: 'sliding-window', maxTokens } },
  { label: 'summarize, maxTokens', config: { strategy: 'summarize', maxTokens } },
  { label: 'importance, maxTokens', config: { strategy: 'importance', maxTokens } },
  { label: 'observation-masking', config: { strategy: 'observation-masking' } },
];
const RUNS: Record<number, { warmup: number; runs: number }> = {
  10_000: { warmup: 5, runs: 21 },
  100_000: { warmup: 2, runs: 11 },
};
const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const root = path.resolve(import.meta.dirname, '..');
const gc = gcFunction();

interface Timing {
  /** Median CPU time, ms. */
  ms: number;
  /** Median wall time, ms. */
  wallMs: number;
  kept: number;
}

interface Row {
  size: number;
  strategy: string;
  ts: Timing;
  py: Timing;
  kept: number;
}

async function timeCore(messages: Message[], config: PrunerConfig, size: number): Promise<Timing> {
  const { warmup, runs } = RUNS[size] ?? { warmup: 2, runs: 5 };
  const samples: number[] = [];
  const wall: number[] = [];
  let kept = 0;
  for (let run = 0; run < warmup + runs; run++) {
    if (gc) {
      gc();
      // V8 finishes sweeping on helper threads after a forced GC; starting the clock at once would bill that wait.
      await sleep(Math.min(100, Math.max(5, size / 1000)));
    }
    const cpu = process.cpuUsage();
    const start = performance.now();
    const out = pruneMessages(messages, config);
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(cpu);
    kept = config.strategy === 'summarize' && out.length > 0 && !messages.includes(out[0] as Message) ? out.length - 1 : out.length;
    if (run >= warmup) {
      samples.push((used.user + used.system) / 1000);
      wall.push(elapsed);
    }
  }
  return { ms: median(samples), wallMs: median(wall), kept };
}

function timePython(file: string, maxTurns: number, maxTokens: number, size: number): { loadMs: number; results: Map<string, Timing> } {
  const { warmup, runs } = RUNS[size] ?? { warmup: 2, runs: 5 };
  const script = path.join(root, 'python/bench/bench_prune.py');
  const child = spawnSync(PYTHON, [script, file, '--max-turns', String(maxTurns), '--max-tokens', String(maxTokens), '--runs', String(runs), '--warmup', String(warmup)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`${PYTHON} ${script} failed: ${child.stderr || child.error?.message}`);
  const results = new Map<string, Timing>();
  let loadMs = 0;
  for (const line of child.stdout.trim().split('\n')) {
    const row = JSON.parse(line) as { load_ms?: number; strategy?: string; median_ms?: number; median_cpu_ms?: number; kept?: number };
    if (row.load_ms !== undefined) loadMs = row.load_ms;
    if (row.strategy !== undefined) results.set(row.strategy, { ms: row.median_cpu_ms ?? NaN, wallMs: row.median_ms ?? NaN, kept: row.kept ?? -1 });
  }
  return { loadMs, results };
}

const fmt = (ms: number): string => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prunescope-bench-'));
  const rows: Row[] = [];
  const loads: string[] = [];
  try {
    for (const size of SIZES) {
      const file = path.join(dir, `synthetic-${size}.json`);
      writeFileSync(file, JSON.stringify(syntheticTranscript(size, SEED + size)));
      const bytes = readFileSync(file, 'utf8');
      const parseStart = performance.now();
      const messages = JSON.parse(bytes) as Message[];
      const parseMs = performance.now() - parseStart;
      const maxTurns = Math.round(size * KEEP_FRACTION);
      let total = 0;
      for (const message of messages) total += estimateTokens(messageTextLength(message));
      const maxTokens = Math.round(total * KEEP_FRACTION);

      const core = new Map<string, Timing>();
      for (const { label, config } of CASES(maxTurns, maxTokens)) core.set(label, await timeCore(messages, config, size));
      const python = timePython(file, maxTurns, maxTokens, size);
      loads.push(`${size.toLocaleString('en-US')} messages, ${(bytes.length / 1e6).toFixed(0)} MB of JSON: JSON.parse ${fmt(parseMs)} ms, json.loads ${fmt(python.loadMs)} ms`);

      for (const { label: strategy } of CASES(maxTurns, maxTokens)) {
        const ts = core.get(strategy);
        const py = python.results.get(strategy);
        if (ts === undefined || py === undefined) throw new Error(`no result for ${strategy} at ${size}`);
        if (ts.kept !== py.kept) throw new Error(`${strategy} at ${size}: the core kept ${ts.kept} messages, Python ${py.kept}`);
        rows.push({ size, strategy, ts, py, kept: ts.kept });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(`Node ${process.versions.node}, ${spawnSync(PYTHON, ['--version'], { encoding: 'utf8' }).stdout.trim()}, ${os.cpus().length} cores; maxTurns = 20% of the size, maxTokens = 20% of the estimate\n`);
  console.log('CPU time (user + system), medians; wall-time medians in the last columns\n');
  console.log('| messages | strategy | kept | TypeScript core | Python port | Python / TS | 100k / 10k: TS, Python | wall: TS, Python |');
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const small = rows.find((r) => r.size === 10_000 && r.strategy === row.strategy);
    // Linear work shows as about 10× from 10k to 100k; quadratic would be 100×.
    const scaling = row.size === 100_000 && small ? `${(row.ts.ms / small.ts.ms).toFixed(1)}×, ${(row.py.ms / small.py.ms).toFixed(1)}×` : '';
    console.log(
      `| ${row.size.toLocaleString('en-US')} | ${row.strategy} | ${row.kept.toLocaleString('en-US')} | ${fmt(row.ts.ms)} ms | ${fmt(row.py.ms)} ms | ` +
        `${(row.py.ms / row.ts.ms).toFixed(1)}× | ${scaling} | ${fmt(row.ts.wallMs)} ms, ${fmt(row.py.wallMs)} ms |`,
    );
  }
  console.log(`\n${loads.join('\n')}`);
}

await main();
