/**
 * The SDK adapters' lazy views (a canonical message built only when the plan reads it, `planSuffix` reading only the
 * kept suffix) against the eager path (every message built, the full analysis): the same report, fates, reasons,
 * tokens, overrun and output objects, for each adapter's own shape, over generated agent transcripts with tool pairs,
 * reasoning, approvals, system and developer messages and pins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import type { Message } from '../types';
import type { MessageView, ViewCodec } from '../prune/message-view';
import { pruneView } from '../prune/prune-view';
import type { PrunerConfig, RegisteredStrategy } from '../strategies/registry';
import { getStrategy } from '../strategies/get-strategy';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { modelMessageView } from './ai-sdk/model-message-view';
import { modelMessageCodec } from './ai-sdk/model-message-codec';
import { chatMessageView } from './openai-chat/chat-message-view';
import { chatMessageCodec } from './openai-chat/chat-message-codec';
import { responsesView } from '../shapes/responses-view';
import { responsesCodec } from './openai-responses/responses-codec';
import { toOpenAIChatMessages } from '../formats/openai-chat/to-openai-chat-messages';
import { toOpenAIResponsesItems } from '../formats/openai-responses/to-openai-responses-items';
import { validAgentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import { enrichModelMessages } from '../../../test/support/enrich-model-messages';
import { toModelMessages } from '../../../bench/peer-shapes';

type Shape = 'model-messages' | 'chat' | 'responses';

/** Each adapter's items for one canonical transcript, and its view and codec. */
function adapterOf(shape: Shape, canonical: Message[], extra: boolean): { items: unknown[]; view: () => MessageView; codec: ViewCodec<unknown> } {
  if (shape === 'model-messages') {
    const items = enrichModelMessages(toModelMessages(canonical), extra, true);
    return { items, view: () => modelMessageView(items, 'test'), codec: modelMessageCodec as ViewCodec<unknown> };
  }
  if (shape === 'chat') {
    const items = toOpenAIChatMessages(canonical, extra ? 'You are terse.' : undefined).messages;
    return { items, view: () => chatMessageView(items, 'test'), codec: chatMessageCodec as ViewCodec<unknown> };
  }
  const items: unknown[] = [];
  let k = 0;
  for (const item of toOpenAIResponsesItems(canonical).items as Record<string, unknown>[]) {
    // A reasoning item before each run of calls: it joins the run of the model's items.
    if (item.type === 'function_call' && (items[items.length - 1] as Record<string, unknown> | undefined)?.type !== 'function_call') {
      items.push({ type: 'reasoning', id: `rs_${k++}`, summary: [{ type: 'summary_text', text: 'plan the call' }] });
    }
    items.push(item);
  }
  if (extra) items.splice(Math.floor(items.length / 2), 0, { role: 'developer', content: 'Use the tools.' });
  return { items, view: () => responsesView(items, 'test'), codec: responsesCodec as ViewCodec<unknown> };
}

/** The view with every message built and no `list`: what `pruneView` plans on without the lazy path. */
function eager(view: MessageView): MessageView {
  const { owner, first, end, pinned } = view;
  return { owner, first, end, messages: view.messages, ...(pinned !== undefined ? { pinned } : {}) };
}

/** The eager path: the strategy planned on the full analysis, its `planSuffix` set aside for the call. */
function prunedEagerly<T>(items: readonly T[], view: MessageView, codec: ViewCodec<T>, config: PrunerConfig) {
  const strategy = getStrategy(config.strategy) as RegisteredStrategy;
  const planSuffix = strategy.planSuffix;
  strategy.planSuffix = undefined;
  try {
    return pruneView(items, eager(view), codec, config);
  } finally {
    strategy.planSuffix = planSuffix;
  }
}

const cases = fc
  .tuple(
    fc.array(validAgentTranscript({ maxEpisodes: 8 }), { minLength: 2, maxLength: 5 }),
    fc.constantFrom<Shape>('model-messages', 'chat', 'responses'),
    fc.boolean(),
    fc.constantFrom('sliding-window', 'summarize'),
    fc.integer({ min: 1, max: 100 }),
    fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
    fc.option(fc.uniqueArray(fc.nat(80), { maxLength: 2 }), { nil: undefined }),
  )
  .map(([parts, shape, extra, strategy, percent, maxTurns, pinned]) => {
    const canonical = parts.flat();
    const adapter = adapterOf(shape, canonical, extra);
    const total = analyzeTranscript(canonical).suffixTokens[0] as number;
    const config = {
      strategy,
      maxTokens: Math.floor((total * percent) / 300),
      ...(maxTurns !== undefined ? { maxTurns } : {}),
      ...(pinned !== undefined ? { pinned: pinned.filter((i) => i < adapter.items.length) } : {}),
    } as PrunerConfig;
    return { ...adapter, config };
  });

describe('lazy adapter views', () => {
  it('plan as the eager view does: the same report and output objects, reading only the kept suffix when they can (500 cases)', () => {
    let suffixOnly = 0;
    fc.assert(
      fc.property(cases, ({ items, view, codec, config }) => {
        const lazy = view();
        const read = new Set<number>();
        const list = lazy.list as NonNullable<MessageView['list']>;
        const watched: MessageView = { ...eager(view()), messages: undefined as never };
        Object.defineProperty(watched, 'messages', { get: () => lazy.messages });
        watched.list = { length: list.length, at: (v) => (read.add(v), list.at(v)) };
        const got = pruneView(items, watched, codec, config);
        const want = prunedEagerly(items, view(), codec, config);
        expect(got).toEqual(want);
        // Sent as they came: the caller's own objects, in both (a summary is a new one in each).
        got.messages.forEach((item, k) => expect(items.includes(item), 'the same objects').toBe(items.includes(want.messages[k])));
        want.messages.forEach((item, k) => items.includes(item) && expect(got.messages[k]).toBe(item));
        if (read.size > 0 && !read.has(0)) suffixOnly++;
      }),
      { numRuns: 500 },
    );
    // A test that never takes the lazy path proves nothing.
    expect(suffixOnly).toBeGreaterThan(150);
  });

  it('refuses another API\'s item whether or not its message is read', () => {
    const items = toModelMessages([{ role: 'user', content: 'a'.repeat(400) }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'b'.repeat(400) }]);
    const foreign = [{ role: 'assistant', content: [{ type: 'tool_use', id: 'x', name: 'ls', input: {} }] }, ...items] as unknown as ModelMessage[];
    expect(() => modelMessageView(foreign, 'pruneModelMessages')).toThrow(/messages\[0\]/);
    const chat = [{ role: 'user', content: [{ type: 'input_text', text: 'hi' }] }, { role: 'user', content: 'later' }];
    expect(() => chatMessageView(chat, 'pruneChatMessages')).toThrow(/messages\[0\]/);
  });
});
