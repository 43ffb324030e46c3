/**
 * `prunescope/openai`: pruning for the `openai` SDK's requests, with no text round trip. `pruneChatMessages` takes
 * and returns Chat Completions messages (`ChatCompletionMessageParam[]`: `tool_calls` with their `tool` messages,
 * legacy `function_call`, system and developer messages kept in place); `pruneResponsesInput` the `input` items of a
 * Responses request (function, custom and computer calls with their outputs; a reasoning item with the items it
 * precedes). Typed by shape, so `openai` is not needed to install or type-check this entry.
 */
export { pruneChatMessages, pruneResponsesInput } from '../core';
export type { ChatMessageLike, ResponsesItemLike, AdapterConfig, AdapterOptions, PruneReport } from '../core';
export type { PrunerConfig, StrategyId, PlanOverrun } from '../core';
