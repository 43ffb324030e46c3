/**
 * Token-budget benchmark (issue 10): the synchronous plan at 100k messages with the extractive summarizer, and ten
 * successive prunes of a growing conversation.
 *
 *   npx tsx bench/token-budget.bench.ts
 *
 * 1. `planTokenBudgetPrune` on seeded synthetic transcripts (`synthetic-transcript.ts`) of 10k and 100k messages,
 *    token counts precomputed (characters ÷ 4 over `contentText`, untimed, as the inspector would hold them).
 *    Two cases: the default limits (500k / 800k), which the 100k transcript exceeds many times over, so the hard
 *    path shrinks the tail; and a soft case (limits at 90% and 150% of the total), which summarizes all but the
 *    pinned first message and the 5-message tail. Each timed with `groupMessages` inside the plan and with groups
 *    passed in (the inspector's analysis has them). Interleaved runs, a full GC and a pause before each; the
 *    median and the minimum of wall time, and the median of the process's CPU time (this machine is shared: when
 *    other work competes for its two cores, wall time includes the wait, CPU time does not).
 * 2. A 10k-message conversation pruned by `ContextPruner` with the defaults, then grown by 1,000 messages (cut
 *    where no call is left unanswered) and pruned again, ten times: tokens before and after, summary size, summary
 *    turns and markers in the window, and whether the Anthropic validator accepts the window.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { validateMessages, type Message } from '../src/core';
import { groupMessages } from '../src/core/links/group-messages';
import { planTokenBudgetPrune } from '../src/core/context-pruner/plan-token-budget-prune';
import { ContextPruner } from '../src/core/context-pruner/context-pruner';
import { toContextWindow } from '../src/core/context-pruner/to-context-window';
import { fromContextWindow } from '../src/core/context-pruner/from-context-window';
import { isContextSummary } from '../src/core/summary/is-context-summary';
import { CONTEXT_SUMMARY_MARKER } from '../src/core/text/harness-text';
import { charsTokenCounter as CHARS_TOKEN_COUNTER } from '../src/core/tokens/chars-token-counter';
import type { ContextPrunerConfig, ContextWindow } from '../src/core/context-pruner/types';
import { createExtractiveSummarizer } from '../src/core/summary/create-extractive-summarizer';
import { contentText } from '../src/core/text/content-text';
import { syntheticTranscript } from './synthetic-transcript';
import { gcFunction, median, untilProcessIdle } from './measure';

const SEED = 0x5eed_0010;
const RUNS = 15;
// Ten, not three: with three the first case timed (the hard one) still paid for the optimizing compiler, 70 ms where
// the soft case, timed after it over the same code, took 50 (equal with ten, or with either case first).
const WARMUP = 10;
/**
 * `BENCH_GC=0`: no forced GC and pause before each run, so the plans run back to back as the inspector's worker makes
 * them on a budget drag (warm caches, the heap the previous plans left); the default times each plan cold.
 */
const gc = process.env.BENCH_GC === '0' ? undefined : gcFunction();
const summarizer = createExtractiveSummarizer();

async function settle(): Promise<void> {
  if (!gc) return;
  gc();
  await sleep(50);
  await untilProcessIdle();
}

const tokenCountsOf = (messages: readonly Message[]) =>
  Float64Array.from(messages, (m) => CHARS_TOKEN_COUNTER.count(contentText(m.content)));

async function benchPlan(size: number): Promise<void> {
  const messages = syntheticTranscript(size, SEED);
  const tokenCounts = tokenCountsOf(messages);
  const total = tokenCounts.reduce((s, t) => s + t, 0);
  const groups = groupMessages(messages);
  const cases: { name: string; config: ContextPrunerConfig }[] = [
    { name: 'defaults (hard)', config: {} },
    { name: 'soft', config: { softLimitTokens: Math.floor(total * 0.9), hardLimitTokens: Math.floor(total * 1.5) } },
  ];
  console.log(`\n${size.toLocaleString('en')} messages, ${Math.round(total).toLocaleString('en')} tokens (chars ÷ 4)`);
  for (const { name, config } of cases) {
    const withGroups = () => planTokenBudgetPrune({ messages, tokenCounts, config, summarize: summarizer.summarizeSync, groups });
    const withoutGroups = () => planTokenBudgetPrune({ messages, tokenCounts, config, summarize: summarizer.summarizeSync });
    // A fixed amount of plain work timed beside the plan, so a busy machine shows in both and the ratio stays put.
    const head = messages.slice(0, 5_000);
    const reference = () => JSON.stringify(head);
    const times = { inside: [] as number[], given: [] as number[], reference: [] as number[] };
    const cpu = { inside: [] as number[], given: [] as number[], reference: [] as number[] };
    for (let run = 0; run < WARMUP + RUNS; run++) {
      for (const [key, fn] of [['inside', withoutGroups], ['given', withGroups], ['reference', reference]] as const) {
        await settle();
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        fn();
        const elapsed = performance.now() - start;
        const used = process.cpuUsage(cpuStart);
        if (run >= WARMUP) {
          times[key].push(elapsed);
          cpu[key].push((used.user + used.system) / 1000);
        }
      }
    }
    const plan = withGroups();
    const figure = (key: 'inside' | 'given' | 'reference') =>
      `${median(times[key]).toFixed(1)} ms (min ${Math.min(...times[key]).toFixed(1)}, CPU ${median(cpu[key]).toFixed(1)}, least CPU ${Math.min(...cpu[key]).toFixed(1)})`;
    const perReference = (key: 'inside' | 'given') => (Math.min(...cpu[key]) / Math.min(...cpu.reference)).toFixed(2);
    console.log(
      `  ${name.padEnd(16)} plan, groups inside: ${figure('inside')}; groups given: ${figure('given')}\n  ${''.padEnd(16)} ` +
        `reference, JSON.stringify of its first 5,000 messages: ${figure('reference')}; least CPU ÷ the reference's: ` +
        `inside ${perReference('inside')}×, given ${perReference('given')}×\n  ${''.padEnd(16)} ` +
        `urgency ${plan.urgency}, summarized ${plan.summarized.length.toLocaleString('en')}, kept ${plan.kept.length}, ` +
        `tokens ${Math.round(plan.tokensBefore).toLocaleString('en')} → ${Math.round(plan.tokensAfter).toLocaleString('en')}, ` +
        `summary ${CHARS_TOKEN_COUNTER.count(plan.summaryText ?? '')} tokens`,
    );
  }
}

/** The first index ≥ `from` where the conversation can stop: the previous message is not an assistant turn owed results. */
function cleanEnd(messages: readonly Message[], from: number): number {
  let end = Math.min(from, messages.length);
  while (end < messages.length && messages[end - 1]?.role === 'assistant' && Array.isArray(messages[end - 1]?.content)
    && (messages[end - 1]?.content as { type: string }[]).some((b) => b.type === 'tool_use')) end++;
  return end;
}

async function benchGrowing(): Promise<void> {
  const all = syntheticTranscript(25_000, SEED + 1);
  const pruner = new ContextPruner(summarizer, { now: () => 0 });
  let end = cleanEnd(all, 10_000);
  let window: ContextWindow = toContextWindow(all.slice(0, end), CHARS_TOKEN_COUNTER, { idOf: (_, i) => `m${i}` });
  console.log('\nTen prunes of a growing conversation (defaults: soft 500,000, hard 800,000; +1,000 messages a round)');
  console.log('round | turns in → out | tokens in → out | summarized | summary tokens | summary turns / markers | valid | prune ms');
  for (let round = 1; round <= 10; round++) {
    const before = window;
    await settle();
    const start = performance.now();
    const result = await pruner.prune(window);
    const elapsed = performance.now() - start;
    window = result.window;
    const summaries = window.turns.filter((t) => isContextSummary(t.content));
    const markers = window.turns.reduce((n, t) => n + contentText(t.content).split(CONTEXT_SUMMARY_MARKER).length - 1, 0);
    const problems = validateMessages(fromContextWindow(window), 'anthropic').length;
    console.log(
      `${String(round).padStart(5)} | ${before.turns.length} → ${window.turns.length} | ` +
        `${Math.round(before.totalTokenEstimate).toLocaleString('en')} → ${Math.round(window.totalTokenEstimate).toLocaleString('en')} | ` +
        `${result.removedTurnCount ?? 0} (${result.urgency}${result.reason ? `, ${result.reason}` : ''}) | ` +
        `${CHARS_TOKEN_COUNTER.count(result.summary ?? '')} | ${summaries.length} / ${markers} | ${problems === 0 ? 'yes' : `${problems} problems`} | ${elapsed.toFixed(1)}`,
    );
    const next = cleanEnd(all, end + 1_000);
    const grown = toContextWindow(all.slice(end, next), CHARS_TOKEN_COUNTER, { idOf: (_, i) => `m${end + i}` });
    window = { turns: [...window.turns, ...grown.turns], totalTokenEstimate: window.totalTokenEstimate + grown.totalTokenEstimate };
    end = next;
  }
  const last = window.turns.find((t) => isContextSummary(t.content));
  console.log('\nThe last summary, head:\n' + contentText(last?.content ?? '').split('\n').slice(0, 14).join('\n'));
}

console.log(`node ${process.version}, gc between runs: ${gc ? 'yes' : 'no'}`);
// `BENCH_SIZES=100000 BENCH_GROWING=0 npx tsx bench/token-budget.bench.ts`: the 100k plan alone (`BENCH_GC=0`: warm).
const sizes = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : [10_000, 100_000];
for (const size of sizes) await benchPlan(size);
if (process.env.BENCH_GROWING !== '0') await benchGrowing();
