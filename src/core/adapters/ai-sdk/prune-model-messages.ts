import type { ViewCodec } from '../../prune/message-view';
import type { AdapterConfig } from '../adapter-config';
import type { ModelMessageLike } from './model-message-like';
import { pruneItems } from '../prune-items';
import { modelMessageView } from './model-message-view';
import { modelMessageCodec } from './model-message-codec';

/**
 * Prunes AI SDK `ModelMessage[]` (`ai` 5, 6 or 7) to fit a bound, with every guarantee of `pruneMessages`: a
 * `tool-call` and its `tool-result` (parallel calls and the tool message answering them) kept or dropped together, an
 * approval request with its response and call, reasoning and provider options inside the messages they belong to.
 * Kept messages are the caller's own objects, in order; a masked result or a summary comes back as AI SDK parts
 * (`{ type: 'text', value }` outputs, a user message of one text part). `system` messages are never pruned: each is
 * sent where it stands, and its tokens come off `maxTokens` first (`maxTurns` counts the other messages).
 * Deterministic; never mutates; no text round trip.
 *
 * @param messages `ModelMessage[]`, oldest first, as `generateText` takes them.
 * @param config `{ strategy, maxTurns?, maxTokens?, …options }` as `pruneMessages` takes it, and `onReport` for the
 *   account of the prune (fates per input message, tokens, `over` when the bound could not be met).
 * @throws {TypeError} for messages of another API (naming the index and the entry point that takes them) and for a
 *   bad config, as `pruneMessages` does
 * @throws {RangeError} for a bound or option out of its range
 */
export function pruneModelMessages<M extends ModelMessageLike>(messages: readonly M[], config: AdapterConfig<M>): M[] {
  return pruneItems(messages, modelMessageView(messages, 'pruneModelMessages'), modelMessageCodec as ViewCodec<M>, config).messages;
}
