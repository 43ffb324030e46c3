import type { ViewCodec } from '../../prune/message-view';
import type { AdapterConfig } from '../adapter-config';
import type { ChatMessageLike } from './chat-message-like';
import { pruneItems } from '../prune-items';
import { chatMessageView } from './chat-message-view';
import { chatMessageCodec } from './chat-message-codec';

/**
 * Prunes OpenAI Chat Completions messages (`ChatCompletionMessageParam[]`, or any Chat-compatible API's) to fit a
 * bound, with every guarantee of `pruneMessages`: an assistant message with `tool_calls` and the `tool` messages
 * answering it kept or dropped together (so the API never answers "An assistant message with 'tool_calls' must be
 * followed by tool messages…"), a legacy `function_call` with its `function` message. `system` and `developer`
 * messages are never pruned: each is sent where it stands, and its tokens come off `maxTokens` first. Kept messages
 * are the caller's own objects (fields other APIs add, like `reasoning_content`, go back as they came); a masked
 * result is its tool message with the placeholder as content, a summary a user message. Deterministic; never
 * mutates; no text round trip.
 *
 * @param messages the `messages` of a Chat Completions request, oldest first.
 * @param config `{ strategy, maxTurns?, maxTokens?, …options }` as `pruneMessages` takes it, and `onReport`.
 * @throws {TypeError} for messages of another API (naming the index and the entry point that takes them) and for a
 *   bad config, as `pruneMessages` does
 * @throws {RangeError} for a bound or option out of its range
 */
export function pruneChatMessages<M extends ChatMessageLike>(messages: readonly M[], config: AdapterConfig<M>): M[] {
  return pruneItems(messages, chatMessageView(messages, 'pruneChatMessages'), chatMessageCodec as ViewCodec<M>, config).messages;
}
