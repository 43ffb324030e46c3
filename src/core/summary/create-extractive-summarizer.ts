import type { MessageLike } from '../types';
import type { ExtractiveSummarizer, ExtractiveSummarizerOptions, SummarizeOptions } from './types';
import { summarizeExtractive } from './summarize-extractive';
import { SUMMARIZE_RANGE, type RangedSummarize } from './summary-layout';

/**
 * A `Summarizer` that needs no model (see `summarizeExtractive` for what it keeps and how it fits its budget).
 * Options are checked here, once, so a bad one fails at construction rather than at the first prune.
 * `summarize` is async only to fit the interface; it rejects with the signal's reason when aborted.
 *
 * @throws {TypeError | RangeError} for an option of the wrong type or out of range
 */
export function createExtractiveSummarizer(options: ExtractiveSummarizerOptions = {}): ExtractiveSummarizer {
  const settings = { ...options };
  summarizeExtractive([], '', settings);
  const summarizeSync = (turns: readonly MessageLike[], taskContext = ''): string => summarizeExtractive(turns, taskContext, settings);
  const ranged: Required<RangedSummarize> = { [SUMMARIZE_RANGE]: (turns, from, to, taskContext) => summarizeExtractive(turns, taskContext, settings, from, to) };
  Object.assign(summarizeSync, ranged);
  return {
    summarizeSync,
    summarize(turns: readonly MessageLike[], taskContext = '', summarizeOptions?: SummarizeOptions): Promise<string> {
      const signal = summarizeOptions?.signal;
      if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('The summary was aborted'));
      try {
        return Promise.resolve(summarizeSync(turns, taskContext));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}
