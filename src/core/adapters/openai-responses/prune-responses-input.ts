import type { ViewCodec } from '../../prune/message-view';
import type { AdapterConfig } from '../adapter-config';
import type { ResponsesItemLike } from './responses-item-like';
import { pruneItems } from '../prune-items';
import { responsesView } from '../../shapes/responses-view';
import { responsesCodec } from './responses-codec';

/**
 * Prunes the `input` items of an OpenAI Responses request (`ResponseInputItem[]`) to fit a bound, with every
 * guarantee of `pruneMessages`: a `function_call` (or `custom_tool_call`, computer or shell call) and its output kept
 * or dropped together, and each run of the model's output items kept whole, so a `reasoning` item always comes with
 * the call or message it precedes (the API refuses "Item 'rs_…' of type 'reasoning' was provided without its
 * required following item", and the reverse). System and developer messages, added tools and compaction items are
 * never pruned; their tokens come off `maxTokens` first. Kept items are the caller's own objects; a masked output
 * keeps its item with the placeholder as `output`; a summary is a user message. Deterministic; never mutates.
 *
 * Pruning before a reasoning item makes newer models drop that reasoning (OpenAI's "preserved reasoning"): a cost,
 * not an error. With `previous_response_id` or a conversation, the server holds the history: there is nothing to
 * prune here.
 *
 * @param items the `input` of a Responses request, oldest first.
 * @param config `{ strategy, maxTurns?, maxTokens?, …options }` as `pruneMessages` takes it (`maxTurns` counts runs
 *   of items, each the model's turn or the caller's), and `onReport` (fates per item).
 * @throws {TypeError} for items of another API (naming the index and the entry point that takes them) and for a bad
 *   config, as `pruneMessages` does
 * @throws {RangeError} for a bound or option out of its range
 */
export function pruneResponsesInput<I extends ResponsesItemLike>(items: readonly I[], config: AdapterConfig<I>): I[] {
  return pruneItems(items, responsesView(items, 'pruneResponsesInput'), responsesCodec as ViewCodec<I>, config).messages;
}
