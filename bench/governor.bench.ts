/**
 * Context Governor benchmark (seed 004): plan time at 10k and 100k messages, TF-IDF included, on the seeded
 * synthetic transcripts of `synthetic-transcript.ts`, with tokens counted as characters ÷ 4.
 *
 *   npx tsx bench/governor.bench.ts
 *
 * Timed, per size: the whole plan (`planGovernor`: units, types, intent, TF-IDF, scores, budget fill at half the
 * tokens), and its parts as the inspector runs them (`analyzeForGovernor` once per transcript,
 * `scoreGovernorUnits` once per query, `fillGovernorBudget` per slider move). Each run follows a full GC and a short
 * pause (see prune.bench.ts for why); the median and the fastest run are reported, with the process's CPU time
 * beside the wall time, because this machine is shared and wall time includes waiting for a core.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { analyzeForGovernor, type GovernorAnalysis } from '../src/core/governor/analyze-for-governor';
import { scoreGovernorUnits, type GovernorScores } from '../src/core/governor/score-governor-units';
import { fillGovernorBudget } from '../src/core/governor/fill-governor-budget';
import { planGovernor } from '../src/core/strategies/governor/plan-governor';
import { messageTextLength } from '../src/core/text/message-text-length';
import { estimateTokens } from '../src/core/tokens/estimate-tokens';
import type { Message } from '../src/core';
import { syntheticTranscript } from './synthetic-transcript';
import { gcFunction, median } from './measure';

const SEED = 0x5eed_0004;
const SIZES = [10_000, 100_000] as const;
const RUNS: Record<number, { warmup: number; runs: number }> = { 10_000: { warmup: 5, runs: 21 }, 100_000: { warmup: 3, runs: 15 } };
const gc = gcFunction();

interface Sample {
  wall: number;
  cpu: number;
}

async function time(fn: () => unknown, settle: number): Promise<Sample> {
  if (gc) {
    gc();
    await sleep(settle);
  }
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  fn();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

function summary(samples: Sample[]): string {
  const wall = samples.map((s) => s.wall);
  const cpu = samples.map((s) => s.cpu);
  return `median ${median(wall).toFixed(1)} ms (cpu ${median(cpu).toFixed(1)}), fastest ${Math.min(...wall).toFixed(1)} ms (cpu ${Math.min(...cpu).toFixed(1)})`;
}

async function main(): Promise<void> {
  console.log(`Context Governor benchmark — Node ${process.version}, GC between runs: ${gc ? 'yes' : 'no'}`);
  for (const size of SIZES) {
    const messages: Message[] = syntheticTranscript(size, SEED);
    const tokens = Float64Array.from(messages, (m) => estimateTokens(messageTextLength(m)));
    const total = tokens.reduce((a, b) => a + b, 0);
    const input = { tokens, maxTokens: Math.floor(total / 2) };
    const budget = { ...input, maxTurns: Infinity, pinned: [], keepTask: true, summarization: true, shortenAbove: 0.5, summarize: undefined, countTokens: undefined };
    const settle = Math.min(100, Math.max(5, size / 1000));
    const { warmup, runs } = RUNS[size] as { warmup: number; runs: number };

    let analysis: GovernorAnalysis = analyzeForGovernor(messages);
    let scores: GovernorScores = scoreGovernorUnits(analysis);
    const tasks: { name: string; fn: () => unknown; samples: Sample[] }[] = [
      { name: 'planGovernor (whole plan)', fn: () => planGovernor(messages, input), samples: [] },
      { name: 'analyzeForGovernor', fn: () => (analysis = analyzeForGovernor(messages)), samples: [] },
      { name: 'scoreGovernorUnits', fn: () => (scores = scoreGovernorUnits(analysis)), samples: [] },
      { name: 'fillGovernorBudget', fn: () => fillGovernorBudget(analysis, scores, budget), samples: [] },
    ];
    for (let w = 0; w < warmup; w++) for (const task of tasks) task.fn();
    // Interleaved rounds: background load lands on every task alike.
    for (let r = 0; r < runs; r++) for (const task of tasks) task.samples.push(await time(task.fn, settle));

    const plan = planGovernor(messages, input);
    console.log(`\n${size.toLocaleString('en-US')} messages, ${analysis.units.count.toLocaleString('en-US')} units, budget ${input.maxTokens.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} tokens:`);
    for (const task of tasks) console.log(`  ${task.name.padEnd(28)} ${summary(task.samples)}`);
    console.log(`  plan: ${plan.profile.name} (${plan.intent.intent}), kept ${plan.kept}, masked ${plan.masked}, dropped ${plan.dropped}, ${plan.tokens.toLocaleString('en-US')} tokens sent`);
  }
}

await main();
