import type { MessageLike } from '../types';
import type { SummarySection } from './types';

/**
 * The fixed layout of an extractive summary: the headings, in order, so that two summaries diff line by line, and
 * so that a later summary can read an earlier one back (`parseContextSummary`). `maxChars`: each item is shortened
 * to one line of at most this many characters (`'request'`: the summarizer's `maxRequestChars`).
 */
export const SUMMARY_SECTIONS: readonly { key: SummarySection; heading: string; maxChars: number | 'request' }[] = [
  { key: 'requests', heading: '## User requests', maxChars: 'request' },
  { key: 'filesChanged', heading: '## Files changed', maxChars: 200 },
  { key: 'filesRead', heading: '## Files read', maxChars: 200 },
  { key: 'commands', heading: '## Commands', maxChars: 200 },
  { key: 'errors', heading: '## Errors', maxChars: 220 },
  { key: 'todo', heading: '## Todo list (last state)', maxChars: 'request' },
  { key: 'notes', heading: '## Earlier notes', maxChars: 300 },
];

export const TASK_HEADING = '## Task';
export const TURNS_PREFIX = 'Turns summarized: ';
export const FOCUS_PREFIX = 'Focus: ';
/** `(12 earlier left out)`: how many items of a section were cut to fit the budget, in this or an earlier summary. */
export const OMITTED_PATTERN = /^\((\d+) earlier left out\)$/;
export const omittedLine = (count: number): string => `(${count} earlier left out)`;

/**
 * Where an extractive summarizer's `summarizeSync` keeps its form over `turns[from..to)`: a plan summarizing 100k
 * messages reads them where they are instead of copying their 800 KB of references (`planTokenBudgetPrune`).
 */
export const SUMMARIZE_RANGE = Symbol('summarizeRange');

/** A summarize function that may carry its `SUMMARIZE_RANGE` form. */
export type RangedSummarize = { [SUMMARIZE_RANGE]?: (turns: readonly MessageLike[], from: number, to: number, taskContext: string) => string };

/** Defaults of `ExtractiveSummarizerOptions`. */
export const EXTRACTIVE_DEFAULTS = { maxTokens: 4000, maxRequestChars: 300, maxTaskChars: 1000 } as const;
