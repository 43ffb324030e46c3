import type { TokenCounter } from '../tokens/types';
import type { MessageLike, Summarizer } from '../context-pruner/types';

export interface ExtractiveSummarizerOptions {
  /** The summary's size bound, counted by `counter` (marker line excluded). Default is 4,000. Range: integer ≥ 16. */
  maxTokens?: number;
  /** Default is characters ÷ 4, rounded up. */
  counter?: TokenCounter;
  /** Each later user request is kept up to this many characters (its start and end). Default is 300. Range: integer ≥ 20. */
  maxRequestChars?: number;
  /** The task (the first request) is kept up to this many characters. Default is 1,000. Range: integer ≥ 20. */
  maxTaskChars?: number;
}

/** A `Summarizer` that needs no model, with its synchronous form for plans (`planTokenBudgetPrune`). */
export interface ExtractiveSummarizer extends Summarizer {
  summarizeSync(turns: readonly MessageLike[], taskContext?: string): string;
}

/** The list sections of a summary, in their fixed order. */
export type SummarySection = 'requests' | 'filesChanged' | 'filesRead' | 'commands' | 'errors' | 'todo' | 'notes';

/** One entry of a section: its text, or a function that makes it, for entries costly to write and rarely shown. */
export type SummaryItem = string | (() => string);

/**
 * What a summary says, before it is cut to its budget: every list oldest first. Files are distinct; commands and
 * errors are one entry per run or failure, deduplicated by `renderSummary` among the entries it shows.
 */
export interface SummaryFacts {
  /** Turns summarized, earlier summaries' counts included. */
  turns: number;
  /** The first request (shortened), or the one an earlier summary carried. */
  task: string | undefined;
  lists: Record<SummarySection, SummaryItem[]>;
  /** Items earlier summaries already left out, per section. */
  omitted: Record<SummarySection, number>;
}
