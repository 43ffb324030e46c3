/**
 * `prunescope/ai-sdk`: pruning for the Vercel AI SDK (`ai` 5, 6 and 7). `pruneModelMessages(messages, config)` takes
 * and returns `ModelMessage[]` (the caller's own objects where kept; masked results and summaries as AI SDK parts),
 * and `prunePrepareStep(config)` is a `prepareStep` callback for `generateText`, `streamText` and the Agent classes.
 * Typed by the shape every `ai` version's messages share, so `ai` is not needed to install or type-check this entry.
 */
export { pruneModelMessages, prunePrepareStep } from '../core';
export type { ModelMessageLike, PrunePrepareStep, PrepareStepInput, AdapterConfig, AdapterOptions, PruneReport } from '../core';
export type { PrunerConfig, StrategyId, PlanOverrun } from '../core';
