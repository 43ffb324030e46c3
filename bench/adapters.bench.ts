/**
 * Adapter overhead (issue 19): each SDK adapter against the bare core on the same conversation, at 10k messages, in
 * one run, so the ratios compare like with like on this shared machine.
 *
 *   npx tsx bench/adapters.bench.ts            (STRATEGIES=sliding-window,summarize to run some; FULL_GC=0, below)
 *
 * The conversation is the seeded synthetic transcript of `prune.bench.ts`, converted once (outside the timed region)
 * to AI SDK `ModelMessage`s, OpenAI Chat messages and Responses items. Each tool is warmed up, then timed in
 * interleaved rounds with a full GC and a short pause before each run (see `prune.bench.ts` for why); the figures
 * are medians of wall and of CPU time (the process's, GC threads included), and the ratio is CPU's: on a shared,
 * loaded machine a run longer than the scheduler's slice waits for other processes, so wall ratios between a 2 ms
 * and a 4 ms call say more about the load than about the code. Target: every adapter within 1.5× of
 * `pruneMessages` on the canonical messages.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pruneMessages, type Message, type StrategyId } from '../src/core';
import { pruneModelMessages } from '../src/core/adapters/ai-sdk/prune-model-messages';
import { pruneChatMessages } from '../src/core/adapters/openai-chat/prune-chat-messages';
import type { ChatMessageLike } from '../src/core/adapters/openai-chat/chat-message-like';
import { pruneResponsesInput } from '../src/core/adapters/openai-responses/prune-responses-input';
import type { ResponsesItemLike } from '../src/core/adapters/openai-responses/responses-item-like';
import { toOpenAIChatMessages } from '../src/core/formats/openai-chat/to-openai-chat-messages';
import { toOpenAIResponsesItems } from '../src/core/formats/openai-responses/to-openai-responses-items';
import { analyzeTranscript } from '../src/core/plan/analyze-transcript';
import { syntheticTranscript } from './synthetic-transcript';
import { toModelMessages } from './peer-shapes';
import { gcFunction, median } from './measure';

const SEED = 0x5eed_0019;
const SIZE = 10_000;
const WARMUP = 5;
const RUNS = 21;
const STRATEGIES: readonly StrategyId[] = (process.env.STRATEGIES?.split(',') as StrategyId[] | undefined) ?? ['sliding-window', 'summarize', 'importance', 'observation-masking'];
// FULL_GC=0 leaves the collector to itself (steady state). With the full GC, a call pays for whatever that GC took
// from V8's JIT: maps reached only weakly (of objects built field by field, a class instance's) and the optimized code
// of closures none of which is alive are dropped, code that embedded them deoptimized, and the call runs it
// unoptimized while it recompiles on a background thread, whose CPU the process's time counts. The adapters' views
// were built of both, hence 4–15× the core after a full GC (see the README's adapter overhead).
const gc = process.env.FULL_GC === '0' ? undefined : gcFunction();

const canonical = syntheticTranscript(SIZE, SEED);
const total = analyzeTranscript(canonical).tokens.reduce((a, b) => a + b, 0);
const withSystem = [...canonical.slice(0, SIZE / 2), { role: 'system', content: 'From now on, answer in French.' }, ...canonical.slice(SIZE / 2)] as unknown as Message[];
const model = toModelMessages(canonical);
const chat = toOpenAIChatMessages(canonical, 'You are terse.').messages as ChatMessageLike[];
const items = toOpenAIResponsesItems(canonical).items as ResponsesItemLike[];

console.log(`adapter overhead, ${SIZE.toLocaleString('en-US')} canonical messages (${Math.round(total).toLocaleString('en-US')} tokens); ` +
  `shapes: ${model.length} ModelMessages, ${chat.length} Chat messages, ${items.length} Responses items; bound: 20% of the tokens; median of ${RUNS}`);

for (const strategy of STRATEGIES) {
  const config = { strategy, maxTokens: Math.round(total * 0.2) } as const;
  const tools: { name: string; fn: () => unknown }[] = [
    { name: 'core pruneMessages', fn: () => pruneMessages(canonical, config) },
    { name: 'pruneMessages + a system message', fn: () => pruneMessages(withSystem, config) },
    { name: 'pruneModelMessages', fn: () => pruneModelMessages(model, config) },
    { name: 'pruneChatMessages', fn: () => pruneChatMessages(chat, config) },
    { name: 'pruneResponsesInput', fn: () => pruneResponsesInput(items, config) },
  ];
  const wall = tools.map(() => [] as number[]);
  const cpu = tools.map(() => [] as number[]);
  for (let w = 0; w < WARMUP; w++) for (const tool of tools) tool.fn();
  for (let r = 0; r < RUNS; r++) {
    for (let t = 0; t < tools.length; t++) {
      gc?.();
      await sleep(5);
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      tools[t]!.fn();
      wall[t]!.push(performance.now() - start);
      const used = process.cpuUsage(cpuStart);
      cpu[t]!.push((used.user + used.system) / 1000);
    }
  }
  const base = median(cpu[0]!);
  console.log(`\n${strategy}${' '.repeat(36 - strategy.length)}wall ms   CPU ms   CPU ratio`);
  tools.forEach((tool, t) => {
    const ms = median(cpu[t]!);
    console.log(`  ${tool.name.padEnd(34)} ${median(wall[t]!).toFixed(2).padStart(7)} ${ms.toFixed(2).padStart(8)}   ${(ms / base).toFixed(2)}×`);
  });
}
