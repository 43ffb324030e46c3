/**
 * Adapter overhead (issue 19): each SDK adapter against the bare core on the same conversation, at 10k messages, in
 * one run, so the ratios compare like with like on this shared machine.
 *
 *   npx tsx bench/adapters.bench.ts
 *
 * The conversation is the seeded synthetic transcript of `prune.bench.ts`, converted once (outside the timed region)
 * to AI SDK `ModelMessage`s, OpenAI Chat messages and Responses items. Each tool is warmed up, then timed in
 * interleaved rounds with a full GC and a short pause before each run (see `prune.bench.ts` for why); the figure is
 * the median. Target: every adapter within 1.5× of `pruneMessages` on the canonical messages.
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
const STRATEGIES: readonly StrategyId[] = ['sliding-window', 'importance', 'observation-masking'];
const gc = gcFunction();

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
  const times = tools.map(() => [] as number[]);
  for (let w = 0; w < WARMUP; w++) for (const tool of tools) tool.fn();
  for (let r = 0; r < RUNS; r++) {
    for (let t = 0; t < tools.length; t++) {
      gc?.();
      await sleep(5);
      const start = performance.now();
      tools[t]!.fn();
      times[t]!.push(performance.now() - start);
    }
  }
  const base = median(times[0]!);
  console.log(`\n${strategy}`);
  tools.forEach((tool, t) => {
    const ms = median(times[t]!);
    console.log(`  ${tool.name.padEnd(34)} ${ms.toFixed(2).padStart(8)} ms  ${(ms / base).toFixed(2)}×`);
  });
}
