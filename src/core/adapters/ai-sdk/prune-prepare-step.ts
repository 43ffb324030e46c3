import type { Message } from '../../types';
import type { ViewCodec } from '../../prune/message-view';
import type { AdapterConfig } from '../adapter-config';
import type { ModelMessageLike } from './model-message-like';
import { pruneItems } from '../prune-items';
import { modelMessageView, type ModelViewCache } from './model-message-view';
import { modelMessageCodec } from './model-message-codec';

/** What `prepareStep` receives that the prune reads (ai 5, 6 and 7 all pass more). */
export interface PrepareStepInput<M> {
  /** The messages this step would send. */
  messages: M[];
  /** ai 7: user messages `experimental_steering` injected this step; pinned, so a prune never removes them. */
  experimental_steeringMessages?: readonly unknown[];
}

/** A `prepareStep` callback: the step's messages, pruned, or `undefined` when nothing needs pruning. */
export type PrunePrepareStep = <M extends ModelMessageLike>(options: PrepareStepInput<M>) => { messages: M[] } | undefined;

/**
 * A `prepareStep` callback for `generateText`, `streamText` and the Agent classes (`ai` 5, 6, 7) that prunes the
 * messages of every step with `pruneModelMessages`, so no step sends an orphaned tool call, however long the loop.
 * The config is checked here, once.
 *
 * Built for both loop semantics: in ai 5 and 6 each step passes the whole history again (the prune is deterministic,
 * so the prefix it sends is the same from step to step while the bound holds, which keeps the provider's prompt
 * cache); in ai 7 the messages a `prepareStep` returns carry forward, so each step passes the last output and the new
 * messages, and the prune reads its own summaries and placeholders as ordinary messages (never summarizing a summary
 * again). Both are cheap on long histories: each message's view and token count are made once, by object, and
 * reused by later steps. Returns `undefined` (the step's messages as they are) when the prune keeps everything.
 *
 * @param config as `pruneModelMessages` takes it; `onReport` is called at every step.
 * @throws {TypeError | RangeError} for a bad config, at once
 */
export function prunePrepareStep(config: AdapterConfig<ModelMessageLike>): PrunePrepareStep {
  // Checked once, here, without a report: the caller's onReport hears of steps only.
  if (config.onReport !== undefined && typeof config.onReport !== 'function') throw new TypeError(`prunePrepareStep: onReport must be a function, got ${typeof config.onReport}`);
  pruneItems([], modelMessageView([], 'prunePrepareStep'), modelMessageCodec, { ...config, onReport: undefined });
  const views: ModelViewCache = new WeakMap();
  const tokens = new WeakMap<Message, number>();
  return <M extends ModelMessageLike>(options: PrepareStepInput<M>) => {
    const { messages, experimental_steeringMessages: steering } = options;
    const view = modelMessageView(messages, 'prunePrepareStep', views);
    let stepConfig = config;
    if (steering !== undefined && steering.length > 0) {
      const injected = new Set(steering);
      const pinned = [...((config.pinned ?? []) as readonly number[])];
      messages.forEach((message, i) => {
        if (injected.has(message)) pinned.push(i);
      });
      stepConfig = { ...config, pinned };
    }
    const { messages: out } = pruneItems(messages, view, modelMessageCodec as ViewCodec<M>, stepConfig as AdapterConfig<M>, tokens);
    if (out.length === messages.length && out.every((message, i) => message === messages[i])) return undefined;
    return { messages: out };
  };
}
