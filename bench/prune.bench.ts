/**
 * Pruning benchmark (issue 2, "Benchmark"): our three strategies against the peers a user would
 * otherwise pick, on the same seeded synthetic transcripts converted to each peer's shape.
 *
 *   npm run bench     (or: npx tsx bench/prune.bench.ts)
 *
 * Method: per size, every tool is warmed up, then timed in interleaved rounds (each round runs every
 * tool once, with a full GC and a short pause before each run). This machine is shared, so background
 * load comes and goes; interleaving spreads it over all tools alike instead of landing on whichever ran
 * at that moment, and the GC keeps one tool's garbage from being collected on another's clock. The pause
 * matters: right after a forced full GC, V8 is still sweeping on helper threads and the next allocations
 * wait for it; measured at 100k, that made a 6 ms sliding-window run take 20–40 ms. Each run also records
 * the process's CPU time: when other work competes for the cores, wall time includes waiting for one,
 * CPU time does not, so the two together tell a slow tool from a busy machine.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { pruneMessages as aiPruneMessages, type ModelMessage } from 'ai';
import { trimMessages, type BaseMessage } from '@langchain/core/messages';
import { analyzeTranscript, planPrune, pruneMessages, type Message, type StrategyId } from '../src/core';
import { syntheticTranscript } from './synthetic-transcript';
import {
  anthropicOrphans,
  langChainOrphans,
  langChainTokens,
  modelMessageOrphans,
  toLangChainMessages,
  toModelMessages,
} from './peer-shapes';
import { gcFunction, median, untilProcessIdle } from './measure';

const SEED = 0x5eed_0002;
/** `BENCH_SIZES=100000 npx tsx bench/prune.bench.ts` measures one size (a quiet minute on a shared machine is short). */
const SIZES: readonly number[] = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : [1_000, 10_000, 100_000];
const STRATEGIES: readonly StrategyId[] = ['sliding-window', 'summarize', 'importance'];
const KEEP_FRACTION = 0.2;
const MIN_RUNS = 5;

/** Small inputs finish in microseconds, so they get more runs for a stable median; big ones fewer to bound the total. */
const RUNS: Record<number, { warmup: number; runs: number }> = {
  1_000: { warmup: 30, runs: 41 },
  10_000: { warmup: 5, runs: 21 },
  100_000: { warmup: 2, runs: 15 },
};

/**
 * LangChain's `trimMessages` re-counts tokens over the whole remaining prefix once per message it
 * drops, so it is quadratic. Its runs are cut to fit a time budget (never below MIN_RUNS), and a
 * size whose single run is estimated past the per-run budget is skipped, so the bench stays in minutes.
 */
const LANGCHAIN_RUN_BUDGET_MS = 20_000;
const LANGCHAIN_TOTAL_BUDGET_MS = 20_000;

/** `BENCH_GC=0`: no forced GC between runs, so each run meets the heap the previous ones left (a library called in a loop). */
const gc = process.env.BENCH_GC === '0' ? undefined : gcFunction();

interface Task {
  tool: string;
  peer?: 'ai' | 'langchain';
  strategy?: StrategyId;
  fn: () => unknown;
  warmup: number;
  runs: number;
  samples: number[];
  cpuSamples: number[];
  output?: unknown;
}

/** A pause after a full GC, bigger for bigger heaps; then `untilProcessIdle` waits out what V8's helper threads still do. */
const settleMs = (size: number): number => Math.min(100, Math.max(5, size / 1000));

/** Times one run; awaits only a real promise, since awaiting a plain value would bill ours a microtask turn. */
async function runOnce(task: Task, record: boolean, settle: number): Promise<void> {
  if (gc) {
    gc();
    await sleep(settle);
    await untilProcessIdle();
  }
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let output = task.fn();
  if (output instanceof Promise) output = (await output) as unknown;
  const elapsed = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  task.output = output;
  if (record) {
    task.samples.push(elapsed);
    task.cpuSamples.push((cpu.user + cpu.system) / 1000);
  }
}

async function runInterleaved(tasks: Task[], settle: number): Promise<void> {
  for (const task of tasks) for (let i = 0; i < task.warmup; i++) await runOnce(task, false, 0);
  const rounds = Math.max(...tasks.map((task) => task.runs));
  for (let round = 0; round < rounds; round++) {
    // Rotating the start keeps any tool from always running right after the heaviest one.
    for (let k = 0; k < tasks.length; k++) {
      const task = tasks[(round + k) % tasks.length];
      if (task !== undefined && task.samples.length < task.runs) await runOnce(task, true, settle);
    }
  }
}

interface Row {
  size: number;
  tool: string;
  /** Which peer a row is; undefined for our own rows. */
  peer?: 'ai' | 'langchain';
  strategy?: StrategyId;
  runs: number;
  medianMs: number;
  minMs: number;
  cpuMs: number;
  /** The least CPU time of any run: the run least disturbed by other processes on a shared machine. */
  minCpuMs: number;
  inputCount: number;
  keptCount: number;
  orphans: number;
  note: string;
}

const rows: Row[] = [];
const inspectorRows: { size: number; step: string; runs: number; medianMs: number; cpuMs: number }[] = [];
const skipped: string[] = [];
const langChainMs = new Map<number, number>();

const fmtMs = (ms: number): string => (ms < 1 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0));
const fmtRatio = (ratio: number): string => (ratio < 10 ? `${ratio.toFixed(2)}×` : `${ratio.toFixed(0)}×`);
const fmtCount = (count: number): string => count.toLocaleString('en-US');
const pct = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)}%`;

/** Quadratic extrapolation from the largest size measured so far. */
function langChainEstimate(size: number): { ms: number; fromSize: number } | undefined {
  const measured = [...langChainMs.entries()].sort(([a], [b]) => b - a)[0];
  if (measured === undefined) return undefined;
  const [fromSize, ms] = measured;
  return { ms: ms * (size / fromSize) ** 2, fromSize };
}

function aiToolParts(messages: readonly ModelMessage[]): number {
  let parts = 0;
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) if (part.type === 'tool-call' || part.type === 'tool-result') parts++;
  }
  return parts;
}

async function benchSize(size: number): Promise<void> {
  const { warmup, runs } = RUNS[size] ?? { warmup: 2, runs: MIN_RUNS };
  // Through JSON, as every real transcript arrives: the generator's strings are slices of one corpus and
  // its ids shared objects, which V8 handles differently (JSON.stringify of a sliced string is far slower).
  const messages = JSON.parse(JSON.stringify(syntheticTranscript(size, SEED + size))) as Message[];
  const maxTurns = Math.round(size * KEEP_FRACTION);
  const inputOrphans = anthropicOrphans(messages);
  if (inputOrphans > 0) throw new Error(`synthetic transcript of ${size} has ${inputOrphans} orphans`);

  const tasks: Task[] = STRATEGIES.map((strategy) => ({
    tool: `ours: ${strategy}`,
    strategy,
    fn: () => pruneMessages(messages, { strategy, maxTurns }),
    warmup,
    runs,
    samples: [],
    cpuSamples: [],
  }));

  const model: ModelMessage[] = toModelMessages(messages);
  // The AI SDK counts its window in its own messages, slightly more than ours (results move to 'tool' messages).
  const keepLast = Math.round(model.length * KEEP_FRACTION);
  const aiTask: Task = {
    tool: 'AI SDK pruneMessages',
    peer: 'ai',
    fn: () => aiPruneMessages({ messages: model, toolCalls: `before-last-${keepLast}-messages`, reasoning: 'none', emptyMessages: 'remove' }),
    warmup,
    runs,
    samples: [],
    cpuSamples: [],
  };
  tasks.push(aiTask);

  const lc: BaseMessage[] = toLangChainMessages(messages);
  const maxTokens = Math.round(langChainTokens(lc) * KEEP_FRACTION);
  const guess = langChainEstimate(size);
  const estimate = guess?.ms;
  if (guess === undefined && size > 10_000) {
    skipped.push(`LangChain trimMessages at ${fmtCount(size)}: skipped (quadratic; no smaller size measured in this run to estimate it from).`);
  } else if (guess !== undefined && guess.ms > LANGCHAIN_RUN_BUDGET_MS) {
    skipped.push(
      `LangChain trimMessages at ${fmtCount(size)}: skipped. It is quadratic in messages; one run is estimated at ` +
        `~${(guess.ms / 1000).toFixed(0)} s from the ${fmtCount(guess.fromSize)} timing, so ${MIN_RUNS} runs would take ~${((guess.ms * MIN_RUNS) / 60_000).toFixed(0)} min.`,
    );
  } else {
    const lcRuns = estimate === undefined ? runs : Math.max(MIN_RUNS, Math.min(runs, Math.floor(LANGCHAIN_TOTAL_BUDGET_MS / estimate)));
    tasks.push({
      tool: 'LangChain trimMessages',
      peer: 'langchain',
      fn: () => trimMessages(lc, { strategy: 'last', maxTokens, tokenCounter: langChainTokens }),
      warmup: estimate === undefined ? warmup : Math.min(warmup, 1),
      runs: lcRuns,
      samples: [],
      cpuSamples: [],
    });
  }

  await runInterleaved(tasks, settleMs(size));

  for (const task of tasks) {
    let inputCount: number;
    let keptCount: number;
    let orphans: number;
    let note: string;
    if (task.peer === 'ai') {
      const out = task.output as ModelMessage[];
      [inputCount, keptCount, orphans] = [model.length, out.length, modelMessageOrphans(out)];
      note = `toolCalls before-last-${keepLast}-messages; ${fmtCount(aiToolParts(out))} of ${fmtCount(aiToolParts(model))} tool parts kept`;
    } else if (task.peer === 'langchain') {
      const out = task.output as BaseMessage[];
      [inputCount, keptCount, orphans] = [lc.length, out.length, langChainOrphans(out)];
      note = `strategy last, maxTokens ${fmtCount(maxTokens)} (chars/4)`;
    } else {
      const out = task.output as Message[];
      [inputCount, keptCount, orphans] = [size, out.length, anthropicOrphans(out)];
      note = `maxTurns ${fmtCount(maxTurns)}`;
    }
    const medianMs = median(task.samples);
    if (task.peer === 'langchain') langChainMs.set(size, medianMs);
    rows.push({
      size,
      tool: task.tool,
      ...(task.peer === undefined ? {} : { peer: task.peer }),
      ...(task.strategy === undefined ? {} : { strategy: task.strategy }),
      runs: task.samples.length,
      medianMs,
      minMs: Math.min(...task.samples),
      cpuMs: median(task.cpuSamples),
      minCpuMs: Math.min(...task.cpuSamples),
      inputCount,
      keptCount,
      orphans,
      note,
    });
  }

  // The inspector analyzes once per transcript and re-plans on every slider move; only the re-plan is on the hot path.
  const analysisTask: Task = {
    tool: 'analyzeTranscript (once per transcript)',
    fn: () => analyzeTranscript(messages),
    warmup,
    runs,
    samples: [],
    cpuSamples: [],
  };
  await runInterleaved([analysisTask], settleMs(size));
  const analysis = analysisTask.output as ReturnType<typeof analyzeTranscript>;
  const planTasks: Task[] = STRATEGIES.map((strategy) => ({
    tool: `planPrune ${strategy} (per maxTurns change)`,
    fn: () => planPrune(analysis, { strategy, maxTurns }),
    warmup,
    runs,
    samples: [],
    cpuSamples: [],
  }));
  await runInterleaved(planTasks, settleMs(size));
  for (const task of [analysisTask, ...planTasks]) {
    inspectorRows.push({ size, step: task.tool, runs: task.samples.length, medianMs: median(task.samples), cpuMs: median(task.cpuSamples) });
  }
}

function ours(size: number, strategy: StrategyId): Row | undefined {
  return rows.find((row) => row.size === size && row.peer === undefined && row.strategy === strategy);
}

function printTable(): void {
  const header = ['size', 'tool', 'runs', 'median ms', 'min ms', 'CPU ms', 'kept / input', 'orphans out', ...STRATEGIES.map((s) => `peer ÷ ${s}`), 'notes'];
  const numeric = new Set(['size', 'runs', 'median ms', 'min ms', 'CPU ms', 'orphans out']);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map((column) => (numeric.has(column) ? '---:' : '---')).join('|')}|`);
  for (const row of rows) {
    const ratios = STRATEGIES.map((strategy) => {
      const base = ours(row.size, strategy);
      return row.peer === undefined || base === undefined ? '' : fmtRatio(row.medianMs / base.medianMs);
    });
    const kept = `${fmtCount(row.keptCount)} / ${fmtCount(row.inputCount)} (${pct(row.keptCount, row.inputCount)})`;
    const cells = [fmtCount(row.size), row.tool, row.runs, fmtMs(row.medianMs), fmtMs(row.minMs), fmtMs(row.cpuMs), kept, row.orphans, ...ratios, row.note];
    console.log(`| ${cells.join(' | ')} |`);
  }
}

function printTargets(): boolean {
  const targets = [
    { peer: 'ai', size: 100_000, factor: 5, name: 'AI SDK' },
    { peer: 'langchain', size: 10_000, factor: 100, name: 'LangChain' },
  ] as const;
  let allMet = true;
  console.log('\n## Targets\n');
  for (const target of targets) {
    const peer = rows.find((row) => row.size === target.size && row.peer === target.peer);
    for (const strategy of STRATEGIES) {
      const base = ours(target.size, strategy);
      const label = `${strategy} ≥ ${target.factor}× faster than ${target.name} at ${fmtCount(target.size)}`;
      if (peer === undefined || base === undefined) {
        console.log(`- ${label}: NOT MEASURED`);
        allMet = false;
        continue;
      }
      const ratio = peer.medianMs / base.medianMs;
      const cpuRatio = peer.cpuMs / base.cpuMs;
      const minCpuRatio = peer.minCpuMs / base.minCpuMs;
      const met = ratio >= target.factor;
      allMet &&= met;
      console.log(
        `- ${label}: ${fmtRatio(ratio)} (${fmtMs(peer.medianMs)} ms vs ${fmtMs(base.medianMs)} ms; CPU time ${fmtRatio(cpuRatio)}, least CPU time ${fmtRatio(minCpuRatio)}) → ` +
          `${met ? 'met' : 'NOT MET'}${met === cpuRatio >= target.factor ? '' : ' (CPU time disagrees: the machine was busy, re-run)'}`,
      );
    }
  }
  return allMet;
}

async function main(): Promise<void> {
  const started = performance.now();
  const cpus = os.cpus();
  console.log('# prunescope pruning benchmark\n');
  console.log(
    `Node ${process.version}, ${cpus[0]?.model ?? 'unknown CPU'} ×${cpus.length}, load ${os.loadavg()[0]?.toFixed(2)}; ` +
      `seed 0x${SEED.toString(16)}; maxTurns = ${KEEP_FRACTION * 100}% of n; median of interleaved timed runs after warm-up ` +
      `(CPU ms: median process CPU time, GC threads included; ratios: median wall time); ` +
      `${gc ? 'full GC, then a pause for sweeping, before each run' : 'no GC control (gc unavailable)'}.\n`,
  );
  for (const size of SIZES) await benchSize(size);

  printTable();
  console.log('\nThe AI SDK only strips tool-call/result parts outside its last N messages and removes messages left empty, so it');
  console.log('keeps every text message (hence ~47%). LangChain keeps the newest messages within maxTokens and does not look at');
  console.log('tool pairs: a non-zero orphans column is a ToolMessage whose call was cut off.');
  for (const line of skipped) console.log(`\n${line}`);

  console.log('\n## Inspector path (analyze once, re-plan per maxTurns change)\n');
  console.log('| size | step | runs | median ms | CPU ms |\n|---:|---|---:|---:|---:|');
  for (const row of inspectorRows) {
    console.log(`| ${fmtCount(row.size)} | ${row.step} | ${row.runs} | ${fmtMs(row.medianMs)} | ${fmtMs(row.cpuMs)} |`);
  }

  const allMet = printTargets();
  console.log(
    `\n${allMet ? 'All targets met' : 'Some targets NOT met'} (judged on median wall time). Total bench time ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s; load average now ${os.loadavg()[0]?.toFixed(2)}.`,
  );
  const ourOrphans = rows.filter((row) => row.peer === undefined && row.orphans > 0);
  if (ourOrphans.length > 0) {
    // An orphan from our pruner is a correctness bug, not a performance number: fail the run.
    console.error(`\nOur pruner produced orphans: ${ourOrphans.map((row) => `${row.tool} at ${fmtCount(row.size)}`).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
