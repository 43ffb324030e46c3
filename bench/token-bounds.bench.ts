/**
 * Token bounds (issue 9, "Figures"): planning a token bound at 100k messages, every registered strategy, beside a
 * message bound in the same run; and the like-for-like comparison that tokens make possible, our sliding window with
 * `maxTokens` against LangChain's `trimMessages` with the same tokenizer and budget at 10k messages.
 *
 *   npx tsx bench/token-bounds.bench.ts      (part of `npm run bench`)
 *
 * Counts come from ai-tokenizer's `claude` vocabulary on both sides. Ours counts each message once (its text, tool
 * inputs as JSON, framing); LangChain is given a counter that tokenizes each of its messages once per run too (cached
 * by message), then, as its design does, sums the remaining prefix each time it drops a message. Budgets are 20% of
 * each side's own total, so both keep about the same share.
 */
import { trimMessages, type BaseMessage } from '@langchain/core/messages';
import { analyzeTranscript, createTokenCounter, planPrune, pruneMessages, STRATEGY_REGISTRY, type PruneConfig, type TokenCounter } from '../src/core';
import { gcFunction, median } from './measure';
import { anthropicOrphans, langChainOrphans, toLangChainMessages } from './peer-shapes';
import { syntheticTranscript } from './synthetic-transcript';

const SEED = 0x5eed_0009;
const gc = gcFunction();
const fmt = (ms: number): string => (ms < 1 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0));

function time<T>(fn: () => T): { ms: number; out: T } {
  gc?.();
  const start = performance.now();
  const out = fn();
  return { ms: performance.now() - start, out };
}

async function planning(counter: TokenCounter): Promise<void> {
  const size = 100_000;
  const messages = syntheticTranscript(size, SEED);
  const analysed = time(() => analyzeTranscript(messages, { counter }));
  const analysis = analysed.out;
  const total = analysis.suffixTokens[0] as number;
  console.log(`\n## Planning a bound at ${size.toLocaleString('en-US')} messages (${total.toLocaleString('en-US')} tokens, claude)\n`);
  console.log(`analyzeTranscript with exact counts, once: ${fmt(analysed.ms)} ms\n`);
  console.log('| strategy | token bound, median ms | p95 ms | message bound, median ms | ratio |');
  console.log('|---|---:|---:|---:|---:|');
  // A drag across the slider: 41 bounds from 5% to 95% of the transcript, each planned afresh.
  const fractions = Array.from({ length: 41 }, (_, k) => 0.05 + (0.9 * k) / 40);
  for (const strategy of STRATEGY_REGISTRY) {
    const slow = strategy.slow === true;
    const steps = slow ? fractions.filter((_, k) => k % 8 === 0) : fractions;
    const byTokens: number[] = [];
    const byMessages: number[] = [];
    for (let round = 0; round < (slow ? 1 : 3); round++) {
      for (const f of steps) {
        const tokenConfig = { strategy: strategy.id, maxTokens: Math.round(total * f) } as PruneConfig;
        const messageConfig = { strategy: strategy.id, maxTurns: Math.round(size * f) } as PruneConfig;
        let start = performance.now();
        planPrune(analysis, tokenConfig);
        byTokens.push(performance.now() - start);
        start = performance.now();
        planPrune(analysis, messageConfig);
        byMessages.push(performance.now() - start);
      }
    }
    const sorted = [...byTokens].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)] as number;
    const t = median(byTokens);
    const m = median(byMessages);
    console.log(`| ${strategy.id} | ${fmt(t)} | ${fmt(p95)} | ${fmt(m)} | ${(t / m).toFixed(2)}× |`);
  }
  console.log('\nTarget: ≤ 1 ms per token bound for the window strategies (sliding-window, summarize).');
}

async function againstLangChain(counter: TokenCounter): Promise<void> {
  const size = 10_000;
  const messages = syntheticTranscript(size, SEED + 1);
  const lc: BaseMessage[] = toLangChainMessages(messages);
  // A fresh cache per run: each side tokenizes each message once per run, as ours does.
  const makeLcCounter = () => {
    const cache = new WeakMap<BaseMessage, number>();
    const countOne = (message: BaseMessage): number => {
      let n = cache.get(message);
      if (n === undefined) {
        const content = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
        const calls = 'tool_calls' in message && Array.isArray(message.tool_calls) ? JSON.stringify(message.tool_calls) : '';
        n = counter.count(content) + (calls ? counter.count(calls) : 0);
        cache.set(message, n);
      }
      return n;
    };
    return (list: BaseMessage[]): number => list.reduce((sum, m) => sum + countOne(m), 0);
  };
  const lcBudget = Math.round(makeLcCounter()(lc) * 0.2);
  const ourTotal = analyzeTranscript(messages, { counter }).suffixTokens[0] as number;
  const ourBudget = Math.round(ourTotal * 0.2);

  const ours: number[] = [];
  const theirs: number[] = [];
  let ourOut: unknown[] = [];
  let theirOut: BaseMessage[] = [];
  // Interleaved, so background load lands on both alike. Ours counts afresh each run (no cache across runs).
  for (let round = 0; round < 7; round++) {
    const a = time(() => pruneMessages(messages, { strategy: 'sliding-window', maxTokens: ourBudget, tokenCounter: counter }));
    ours.push(a.ms);
    ourOut = a.out;
    const b = await (async () => {
      const tokenCounter = makeLcCounter();
      gc?.();
      const start = performance.now();
      const out = await trimMessages(lc, { strategy: 'last', maxTokens: lcBudget, tokenCounter });
      return { ms: performance.now() - start, out };
    })();
    theirs.push(b.ms);
    theirOut = b.out;
  }
  const o = median(ours);
  const t = median(theirs);
  console.log(`\n## Sliding window by tokens against LangChain trimMessages, ${size.toLocaleString('en-US')} messages, same tokenizer (claude)\n`);
  console.log('| tool | budget (20%) | median ms | kept | orphans left |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| prunescope sliding-window, maxTokens | ${ourBudget.toLocaleString('en-US')} | ${fmt(o)} | ${ourOut.length} of ${size} | ${anthropicOrphans(ourOut as never)} |`);
  console.log(`| LangChain trimMessages, strategy last | ${lcBudget.toLocaleString('en-US')} | ${fmt(t)} | ${theirOut.length} of ${lc.length} | ${langChainOrphans(theirOut)} |`);
  console.log(`\nprunescope is ${(t / o).toFixed(1)}× faster, each tokenizing every message once per run inside its time.`);
}

const counter = await createTokenCounter({ encoding: 'claude' });
if (counter.fallback) throw new Error(`the claude vocabulary did not load: ${counter.fallback.reason}`);
console.log('# prunescope token-bound benchmark');
await planning(counter);
await againstLangChain(counter);
