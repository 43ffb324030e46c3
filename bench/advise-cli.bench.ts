/**
 * The advisor's sweep as a user runs it (issue 22: 100k messages × 7 strategies × 5 bounds in under 30 s):
 * `prunescope advise` from the built package on the advisor bench's transcript written to a file, with `--jobs 1`
 * and `--jobs 2` (a conversation of 10,000 messages or more is swept on both threads, its strategies shared by their
 * `sweepCost`). Wall time of the whole command, reading and parsing the file included, and its CPU (every thread).
 *
 *   npm run build:lib && npx tsx bench/advise-cli.bench.ts [--size=100000] [--runs=3]
 *
 * The answers of the two must be the same text; the bench stops if they are not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syntheticTranscript } from './synthetic-transcript';
import { median } from './measure';
import { childrenCpuMs } from '../scripts/children-cpu.mjs';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SIZE = arg('size', 100_000);
const RUNS = arg('runs', 3);
const SEED = 0x5eed_0022;
const STRATEGIES = 'sliding-window,summarize,importance,observation-masking,token-budget,governor,anthropic-clear-tool-uses';
const BIN = new URL('../dist/esm/cli.js', import.meta.url);
if (!existsSync(BIN)) throw new Error('bench/advise-cli.bench.ts runs the built CLI: npm run build:lib first');

/** CPU of every reaped child so far, in ms; the bench reads /proc (Linux), as `npm test`'s runner does. */
function childrenCpu(): number {
  const ms = childrenCpuMs();
  if (ms === undefined) throw new Error('bench/advise-cli.bench.ts reads children\'s CPU from /proc/self/stat: Linux only');
  return ms;
}

const folder = mkdtempSync(join(tmpdir(), 'prunescope-advise-bench-'));
try {
  const file = join(folder, `synthetic-${SIZE}.json`);
  writeFileSync(file, JSON.stringify(syntheticTranscript(SIZE, SEED)));
  console.log(`${SIZE.toLocaleString('en-US')} messages (${(readFileSync(file).length / 2 ** 20).toFixed(0)} MB) × ${STRATEGIES.split(',').length} strategies × 5 bounds, window 200,000, Sonnet 4.5 prices, --encoding chars`);
  let answer: string | undefined;
  const figures = new Map<number, { wall: number[]; cpu: number[] }>([[1, { wall: [], cpu: [] }], [2, { wall: [], cpu: [] }]]);
  // Alternated, so a change of the machine's load falls on both.
  for (let run = 0; run < RUNS; run++) {
    for (const jobs of [2, 1]) {
      const cpu = childrenCpu();
      const start = performance.now();
      const result = spawnSync(process.execPath, [BIN.pathname, 'advise', file, '--encoding', 'chars', '--window', '200000', '--model', 'anthropic/claude-sonnet-4.5', '--strategy', STRATEGIES, '--keep', 'none', '--jobs', String(jobs)], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
      const wall = performance.now() - start;
      if (result.status !== 0) throw new Error(`advise --jobs ${jobs} exited ${result.status}: ${result.stderr}`);
      if (answer !== undefined && answer !== result.stdout) throw new Error(`advise --jobs ${jobs} gave another answer than the first run`);
      answer = result.stdout;
      figures.get(jobs)?.wall.push(wall);
      figures.get(jobs)?.cpu.push(childrenCpu() - cpu);
    }
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  for (const [jobs, { wall, cpu }] of figures) {
    console.log(`--jobs ${jobs}: wall ${wall.map(s).join(', ')} (median ${s(median(wall))}), CPU median ${s(median(cpu))}; goal < 30 s: ${median(wall) < 30_000 ? 'met' : 'NOT met'}`);
  }
  console.log('the same answer with one thread and with two');
} finally {
  rmSync(folder, { recursive: true, force: true });
}
