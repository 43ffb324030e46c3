/**
 * Pruning benchmark (issue 2, "Benchmark"): our three strategies against the peers a user would
 * otherwise pick, on the same seeded synthetic transcripts converted to each peer's shape.
 *
 *   npm run bench                                    (no forced GC between runs)
 *   node --expose-gc --import tsx bench/prune.bench.ts   (GC before every timed run: steadier medians)
 */
import os from 'node:os';
import { pruneMessages as aiPruneMessages, type ModelMessage } from 'ai';
import { trimMessages, type BaseMessage } from '@langchain/core/messages';
import { analyzeTranscript, planPrune, pruneMessages, type Message, type PruneStrategy } from '../src/core';
import { syntheticTranscript } from './synthetic-transcript';
import {
  anthropicOrphans,
  langChainOrphans,
  langChainTokens,
  modelMessageOrphans,
  toLangChainMessages,
  toModelMessages,
} from './peer-shapes';

const SEED = 0x5eed_0002;
const SIZES = [1_000, 10_000, 100_000] as const;
const STRATEGIES: readonly PruneStrategy[] = ['sliding-window', 'summarize', 'importance'];
const KEEP_FRACTION = 0.2;
const MIN_RUNS = 5;

/** Small inputs finish in microseconds, so they get more runs for a stable median; big ones fewer to bound the total. */
const RUNS: Record<number, { warmup: number; runs: number }> = {
  1_000: { warmup: 50, runs: 51 },
  10_000: { warmup: 10, runs: 15 },
  100_000: { warmup: 3, runs: 11 },
};

/**
 * LangChain's `trimMessages` re-counts tokens over the whole remaining prefix once per message it
 * drops, so it is quadratic: past this estimated time for one run it is skipped (or run fewer times)
 * to keep the whole bench within a few minutes.
 */
const LANGCHAIN_RUN_BUDGET_MS = 20_000;
const LANGCHAIN_TOTAL_BUDGET_MS = 15_000;

const collectGarbage: () => void = globalThis.gc ?? (() => undefined);

interface Timing {
  runs: number;
  medianMs: number;
  output: unknown;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** Async-capable so LangChain's promise-returning trim is timed to its resolution, like a caller would see it. */
async function time(fn: () => unknown, warmup: number, runs: number): Promise<Timing> {
  let output: unknown;
  for (let i = 0; i < warmup; i++) output = await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    collectGarbage();
    const start = performance.now();
    output = fn();
    // Awaiting a plain value still costs a microtask turn; only the promise-returning peer should pay for one.
    if (output instanceof Promise) output = await output;
    samples.push(performance.now() - start);
  }
  return { runs, medianMs: median(samples), output };
}

interface Row {
  size: number;
  tool: string;
  /** Which of ours a peer row is compared against; undefined for our own rows. */
  peer?: 'ai' | 'langchain';
  strategy?: PruneStrategy;
  runs: number;
  medianMs: number;
  inputCount: number;
  keptCount: number;
  orphans: number;
  note?: string;
}

const rows: Row[] = [];
const inspectorRows: { size: number; step: string; medianMs: number }[] = [];
const skipped: string[] = [];

const fmtMs = (ms: number): string => (ms < 1 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0));
const fmtRatio = (ratio: number): string => (ratio < 10 ? `${ratio.toFixed(2)}×` : `${ratio.toFixed(0)}×`);
const pct = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)}%`;

async function benchSize(size: number): Promise<void> {
  const { warmup, runs } = RUNS[size] ?? { warmup: 3, runs: MIN_RUNS };
  const messages: Message[] = syntheticTranscript(size, SEED + size);
  const maxTurns = Math.round(size * KEEP_FRACTION);
  const inputOrphans = anthropicOrphans(messages);
  if (inputOrphans > 0) throw new Error(`synthetic transcript of ${size} has ${inputOrphans} orphans`);

  for (const strategy of STRATEGIES) {
    const timing = await time(() => pruneMessages(messages, { strategy, maxTurns }), warmup, runs);
    const out = timing.output as Message[];
    rows.push({
      size,
      tool: `ours: ${strategy}`,
      strategy,
      runs: timing.runs,
      medianMs: timing.medianMs,
      inputCount: size,
      keptCount: out.length,
      orphans: anthropicOrphans(out),
      note: `maxTurns ${maxTurns}`,
    });
  }

  // The inspector analyzes once and re-plans on every slider move; only the re-plan is on the hot path.
  const analysis = await time(() => analyzeTranscript(messages), warmup, runs);
  inspectorRows.push({ size, step: 'analyzeTranscript (once per transcript)', medianMs: analysis.medianMs });
  const analyzed = analysis.output as ReturnType<typeof analyzeTranscript>;
  for (const strategy of STRATEGIES) {
    const plan = await time(() => planPrune(analyzed, { strategy, maxTurns }), warmup, runs);
    inspectorRows.push({ size, step: `planPrune ${strategy} (per maxTurns change)`, medianMs: plan.medianMs });
  }

  const model: ModelMessage[] = toModelMessages(messages);
  // The AI SDK only strips tool parts; the window is counted in its own messages, which are slightly more.
  const keepLast = Math.round(model.length * KEEP_FRACTION);
  const aiTiming = await time(
    () => aiPruneMessages({ messages: model, toolCalls: `before-last-${keepLast}-messages`, reasoning: 'none', emptyMessages: 'remove' }),
    warmup,
    runs,
  );
  const aiOut = aiTiming.output as ModelMessage[];
  rows.push({
    size,
    peer: 'ai',
    tool: 'AI SDK pruneMessages',
    runs: aiTiming.runs,
    medianMs: aiTiming.medianMs,
    inputCount: model.length,
    keptCount: aiOut.length,
    orphans: modelMessageOrphans(aiOut),
    note: `toolCalls before-last-${keepLast}-messages; ${aiToolParts(aiOut)} of ${aiToolParts(model)} tool parts kept`,
  });

  const lc: BaseMessage[] = toLangChainMessages(messages);
  const maxTokens = Math.round(langChainTokens(lc) * KEEP_FRACTION);
  const trim = (): Promise<BaseMessage[]> => trimMessages(lc, { strategy: 'last', maxTokens, tokenCounter: langChainTokens });
  const estimate = langChainEstimateMs(size);
  const lcRuns =
    estimate === undefined ? runs : Math.max(MIN_RUNS, Math.min(runs, Math.floor(LANGCHAIN_TOTAL_BUDGET_MS / Math.max(estimate, 1))));
  if (estimate !== undefined && estimate > LANGCHAIN_RUN_BUDGET_MS) {
    skipped.push(
      `LangChain trimMessages at ${size.toLocaleString('en-US')}: skipped; quadratic, one run estimated at ` +
        `~${(estimate / 1000).toFixed(0)} s from the smaller size (${MIN_RUNS} runs would take ~${((estimate * MIN_RUNS) / 60_000).toFixed(0)} min).`,
    );
    return;
  }
  const lcWarmup = estimate === undefined ? warmup : Math.min(warmup, 2);
  const lcTiming = await time(trim, lcWarmup, lcRuns);
  const lcOut = lcTiming.output as BaseMessage[];
  langChainMs.set(size, lcTiming.medianMs);
  rows.push({
    size,
    peer: 'langchain',
    tool: 'LangChain trimMessages',
    runs: lcTiming.runs,
    medianMs: lcTiming.medianMs,
    inputCount: lc.length,
    keptCount: lcOut.length,
    orphans: langChainOrphans(lcOut),
    note: `strategy last, maxTokens ${maxTokens.toLocaleString('en-US')} (chars/4)`,
  });
}

const langChainMs = new Map<number, number>();

/** Quadratic extrapolation from the largest size measured so far. */
function langChainEstimateMs(size: number): number | undefined {
  const measured = [...langChainMs.entries()].sort(([a], [b]) => b - a)[0];
  if (measured === undefined) return undefined;
  const [fromSize, ms] = measured;
  return ms * (size / fromSize) ** 2;
}

function aiToolParts(messages: readonly ModelMessage[]): number {
  let parts = 0;
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) if (part.type === 'tool-call' || part.type === 'tool-result') parts++;
  }
  return parts;
}

function ours(size: number, strategy: PruneStrategy): Row | undefined {
  return rows.find((row) => row.size === size && row.strategy === strategy);
}

function printTable(): void {
  const header = ['size', 'tool', 'runs', 'median ms', 'kept / input', 'orphans out', ...STRATEGIES.map((s) => `peer ÷ ${s}`), 'notes'];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map((_, i) => (i === 0 || i === 2 || i === 3 || i === 5 ? '---:' : '---')).join('|')}|`);
  for (const row of rows) {
    const ratios = STRATEGIES.map((strategy) => {
      const base = ours(row.size, strategy);
      return row.peer === undefined || base === undefined ? '' : fmtRatio(row.medianMs / base.medianMs);
    });
    const kept = `${row.keptCount.toLocaleString('en-US')} / ${row.inputCount.toLocaleString('en-US')} (${pct(row.keptCount, row.inputCount)})`;
    console.log(
      `| ${[row.size.toLocaleString('en-US'), row.tool, row.runs, fmtMs(row.medianMs), kept, row.orphans, ...ratios, row.note ?? ''].join(' | ')} |`,
    );
  }
}

function printTargets(): boolean {
  const targets: { peer: 'ai' | 'langchain'; size: number; factor: number; name: string }[] = [
    { peer: 'ai', size: 100_000, factor: 5, name: 'AI SDK' },
    { peer: 'langchain', size: 10_000, factor: 100, name: 'LangChain' },
  ];
  let allMet = true;
  console.log('\n## Targets\n');
  for (const target of targets) {
    const peer = rows.find((row) => row.size === target.size && row.peer === target.peer);
    for (const strategy of STRATEGIES) {
      const base = ours(target.size, strategy);
      const label = `${strategy} ≥ ${target.factor}× faster than ${target.name} at ${target.size.toLocaleString('en-US')}`;
      if (peer === undefined || base === undefined) {
        console.log(`- ${label}: NOT MEASURED`);
        allMet = false;
        continue;
      }
      const ratio = peer.medianMs / base.medianMs;
      const met = ratio >= target.factor;
      allMet &&= met;
      console.log(`- ${label}: ${fmtRatio(ratio)} (${fmtMs(peer.medianMs)} ms vs ${fmtMs(base.medianMs)} ms) → ${met ? 'met' : 'NOT MET'}`);
    }
  }
  return allMet;
}

async function main(): Promise<void> {
  const started = performance.now();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log('# prunescope pruning benchmark\n');
  console.log(
    `Node ${process.version}, ${cpu} ×${os.cpus().length}; seed 0x${SEED.toString(16)}; maxTurns = ${KEEP_FRACTION * 100}% of n; ` +
      `median of timed runs after warm-up; ${globalThis.gc ? 'GC forced before each run' : 'no forced GC (run with node --expose-gc --import tsx for that)'}.\n`,
  );
  for (const size of SIZES) await benchSize(size);

  printTable();
  console.log('\nPeers: AI SDK `pruneMessages` only strips tool-call/result parts outside the last N of its messages and removes the');
  console.log('messages left empty, so it keeps every text message; LangChain `trimMessages` keeps the newest messages within');
  console.log('maxTokens and does not look at tool pairs (its orphans column shows what that costs).');
  for (const line of skipped) console.log(`\n${line}`);

  console.log('\n## Inspector path (analyze once, re-plan per maxTurns change)\n');
  console.log('| size | step | median ms |\n|---:|---|---:|');
  for (const row of inspectorRows) console.log(`| ${row.size.toLocaleString('en-US')} | ${row.step} | ${fmtMs(row.medianMs)} |`);

  const allMet = printTargets();
  console.log(`\nAll targets ${allMet ? 'met' : 'NOT met'}. Total bench time ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  const ourOrphans = rows.filter((row) => row.peer === undefined && row.orphans > 0);
  if (ourOrphans.length > 0) {
    // An orphan from our pruner is a correctness bug, not a performance number: fail loudly.
    console.error(`\nOur pruner produced orphans: ${ourOrphans.map((row) => `${row.tool} at ${row.size}`).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
