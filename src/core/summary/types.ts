import type { TokenCounter } from '../tokens/types';
import type { MessageLike } from '../types';

/** Bounds of the extractive summary (`createExtractiveSummarizer`). */
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

/** The parts of an `AbortSignal` the pruner uses; the core compiles without the DOM library. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
}

/** What a summarizer is given beside the turns: a signal to stop. */
export interface SummarizeOptions {
  /** Aborting it makes `ContextPruner.prune` return the window unchanged, with reason `aborted`. */
  signal?: AbortSignalLike;
}

/**
 * A summarizer that needs no model: a `Summarizer` for `ContextPruner` (it reads only each turn's role and content),
 * with its synchronous form for plans (`planTokenBudgetPrune`).
 */
export interface ExtractiveSummarizer {
  summarize(turns: readonly MessageLike[], taskContext?: string, options?: SummarizeOptions): Promise<string>;
  summarizeSync(turns: readonly MessageLike[], taskContext?: string): string;
}

/** The list sections of a summary, in their fixed order. */
export type SummarySection = 'requests' | 'filesChanged' | 'filesRead' | 'commands' | 'errors' | 'todo' | 'notes';

/**
 * One entry of a section: its text, or a function that makes it, for entries costly to write and rarely shown, or a
 * shell run (`summaryItemText` writes each).
 */
export type SummaryItem = string | (() => string) | ShellRun;

/**
 * A shell call, kept from its call to its result and then, unless it applies a patch, as its entry in the commands:
 * `` `command` → exit N`` written only if shown (at 100k messages thousands of runs, a few dozen shown).
 */
export interface ShellRun {
  command: string;
  patch: boolean;
  /** Its result's exit code, else whether the result failed (false until answered). */
  ran: number | boolean;
}

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

/** A section's entries as `renderSummary` reads them: how many, and the newest first (read only as far as shown). */
export interface SummaryListView {
  readonly length: number;
  /** Changes whenever what the list holds does (a path seen again moves it without changing its length). */
  readonly version: number;
  /** Calls `visit` with each entry, newest first, until it returns false. */
  eachNewest(visit: (item: SummaryItem) => boolean): void;
  /** Whether since `version` the list only took new entries, newest, its older ones left as they were. */
  grownSince(version: number): boolean;
}

/** Facts whose file sections are views (`createSummaryFold`): what `renderSummary` reads. */
export interface SummaryFactsView extends Omit<SummaryFacts, 'lists'> {
  lists: Record<Exclude<SummarySection, 'filesChanged' | 'filesRead'>, SummaryItem[]> & Record<'filesChanged' | 'filesRead', SummaryListView>;
}
