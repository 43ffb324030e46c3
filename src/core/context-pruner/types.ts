/**
 * Types of the token-budget pruner (seed 003): a conversation as turns with token estimates, a summarizer that
 * replaces the middle of it, and the plan both the async `ContextPruner` and the synchronous inspector strategy
 * carry out.
 */
import type { Message, MessageLike, Role } from '../types';
import type { SummarizeOptions } from '../summary/types';
import type { TokenCounter } from '../tokens/types';
import type { MessageGroups } from '../links/group-messages';

/** Seed 003's turn: one message with an id, a time, a pin and its token estimate. */
export interface ConversationTurn {
  /** Unique within a window; a summary turn's id is derived from the ids it replaced. */
  id: string;
  role: Role;
  /** A message's content: a string or content blocks. */
  content: Message['content'];
  /** Milliseconds since the epoch, or 0 when unknown. */
  timestamp: number;
  /** A pinned turn (and every turn linked to it by tool ids) is never summarized. */
  pinned: boolean;
  /** Tokens of `content`, as a `TokenCounter` counts them (`annotateWithTokenEstimates`). */
  tokenEstimate: number;
}

/** Seed 003's conversation as `ContextPruner` holds it: turns with token estimates and the whole request's total. */
export interface ContextWindow {
  turns: readonly ConversationTurn[];
  /**
   * Tokens the whole request would take. May exceed the turns' sum: the difference (system prompt, tool
   * definitions) is carried over unchanged by pruning.
   */
  totalTokenEstimate: number;
}

/** How far over its limits a `ContextWindow` is: `none` (at or below the soft limit), `soft`, or `hard` (pruning is forced). */
export type PruneUrgency = 'none' | 'soft' | 'hard';

/**
 * Writes the text that replaces the summarized turns. The pruner adds the `[Context Summary]` marker line itself.
 *
 * An earlier summary turn can be among `turns` (its content starts with `[Context Summary]\n`): carry its content
 * into the new summary rather than quoting it, so summaries never nest.
 */
export interface Summarizer {
  summarize(turns: readonly ConversationTurn[], taskContext: string, options?: SummarizeOptions): Promise<string>;
}

/** The synchronous form a plan needs (the extractive summarizer's `summarizeSync`). */
export type SyncSummarize = (turns: readonly MessageLike[], taskContext: string) => string;

/**
 * Every field is optional; `resolveContextPrunerConfig` fills in the defaults and checks the ranges.
 * (Named so as not to clash with the `PrunerConfig` of the max-turns strategies.)
 */
export interface ContextPrunerConfig {
  /** Above this many tokens, the middle of the conversation is summarized. Default is 500,000. Range 0 ≤ soft ≤ hard. */
  softLimitTokens?: number;
  /**
   * Above this many tokens, pruning is forced: the recent tail shrinks, whole tool groups at a time, down to the
   * last message's group, until what is kept fits under the soft limit. Default is 800,000. Range ≥ soft limit.
   */
  hardLimitTokens?: number;
  /**
   * The first N turns are never summarized (widened to whole tool groups, and cut before an earlier summary turn).
   * Default is 1: the first turn is the task in every agent transcript we hold, and a stable prefix keeps the
   * prompt cache. Range: integer ≥ 0.
   */
  pinnedPrefixTurns?: number;
  /** The last N turns are kept (widened to whole tool groups). Default is 5. Range: integer ≥ 1. */
  recentTailTurns?: number;
  /** Pins the first user message that is a request (not harness context such as `<environment_context>`). Default is false. */
  pinTask?: boolean;
  /** Counts the summary turn and re-annotates kept turns. Default is characters ÷ 4, rounded up. */
  counter?: TokenCounter;
  /** The summary turn's timestamp. Default is `Date.now`. */
  now?: () => number;
  /** The summary turn's id. Default is `context-summary-` and a hash of the summarized turns' ids. */
  createId?: (summarized: readonly ConversationTurn[]) => string;
}

/** Why a prune left the window as it was. */
export type PruneSkipReason = 'below-soft-limit' | 'no-candidates' | 'not-smaller' | 'summarizer-failed' | 'aborted';

/** What `ContextPruner.prune` did: the window after, or the very window given and why nothing changed. */
export interface PrunerResult {
  pruned: boolean;
  /** The pruned window, or the very window given when nothing changed. */
  window: ContextWindow;
  urgency: PruneUrgency;
  /** The summarizer's text, without the marker line. */
  summary?: string;
  /** Exactly the number of turns passed to the summarizer. */
  removedTurnCount?: number;
  /** `window.totalTokenEstimate` before less after; never negative. */
  tokensSaved?: number;
  reason?: PruneSkipReason;
  /** Why, in a sentence with the numbers. */
  detail?: string;
  /** What the summarizer threw, for `summarizer-failed` and `aborted`. */
  error?: unknown;
}

/** Input of `planTokenBudgetPrune`: messages with precomputed token counts, as the inspector and the CLI hold them. */
export interface TokenBudgetPlanInput {
  messages: readonly MessageLike[];
  /** Per message: its tokens. */
  tokenCounts: Float64Array | readonly number[];
  /** Indices of messages never to summarize (with every message linked to them by tool ids). */
  pinned?: Iterable<number>;
  /** Tokens of the whole request. Default is the sum of `tokenCounts`; add the system prompt and tools here. */
  totalTokens?: number;
  config?: ContextPrunerConfig;
  summarize: SyncSummarize;
  /** Passed to `summarize`. Default is ''. */
  taskContext?: string;
  /** `groupMessages(messages)`, when the caller already has it (the inspector's analysis does). */
  groups?: MessageGroups;
}

export interface TokenBudgetPlan {
  urgency: PruneUrgency;
  pruned: boolean;
  reason?: PruneSkipReason;
  detail?: string;
  /** Per input message: `FATE.kept` or `FATE.summarized`. All kept when `pruned` is false. */
  fates: Uint8Array;
  /** Indices of kept messages, ascending. */
  kept: Int32Array;
  /** Indices of summarized messages, ascending: what `summarize` was given. */
  summarized: Int32Array;
  /** The summary goes right before input message `summaryBefore` (`messages.length`: at the end); -1 when none. */
  summaryBefore: number;
  /** The summarizer's text. */
  summaryText?: string;
  /** The summary message's content: `[Context Summary]\n` and the text. */
  summaryContent?: string;
  /** Derived from the summarized messages' `id` fields (or their indices): the same input gives the same id. */
  summaryId?: string;
  tokensBefore: number;
  tokensAfter: number;
}
