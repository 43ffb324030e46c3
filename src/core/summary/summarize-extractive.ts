import type { MessageLike } from '../types';
import type { ExtractiveSummarizerOptions } from './types';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import { collectSummaryFacts } from './collect-summary-facts';
import { EXTRACTIVE_DEFAULTS } from './summary-layout';
import { renderSummary } from './render-summary';


/**
 * The extractive summary of `turns`, synchronously: deterministic, local, within `options.maxTokens` (default
 * 4,000, by `options.counter`, default characters ÷ 4). Sections in a fixed order under fixed headings: the task,
 * the user's later requests, files changed, files read, commands with exit codes, errors, the todo list's last
 * state, and notes carried from a summary in another layout. An earlier `[Context Summary]` turn among `turns` is
 * merged, never nested. `taskContext` is shown under the task as `Focus: …`. See `collectSummaryFacts` and
 * `renderSummary`.
 *
 * @throws {TypeError} when `turns` is not an array or `counter` has no `count` function
 * @throws {RangeError} for an option out of range (`maxTokens` ≥ 16, `maxRequestChars` and `maxTaskChars` ≥ 20, integers)
 */
export function summarizeExtractive(
  turns: readonly MessageLike[],
  taskContext = '',
  options: ExtractiveSummarizerOptions = {},
  // Internal: the summary of `turns[from..to)` alone (`SUMMARIZE_RANGE`).
  from = 0,
  to = turns.length,
): string {
  if (!Array.isArray(turns)) throw new TypeError(`summarizeExtractive: turns must be an array, got ${typeof turns}`);
  if (typeof taskContext !== 'string') throw new TypeError(`summarizeExtractive: taskContext must be a string, got ${typeof taskContext}`);
  const maxTokens = integer('maxTokens', options.maxTokens, EXTRACTIVE_DEFAULTS.maxTokens, 16);
  const maxRequestChars = integer('maxRequestChars', options.maxRequestChars, EXTRACTIVE_DEFAULTS.maxRequestChars, 20);
  const maxTaskChars = integer('maxTaskChars', options.maxTaskChars, EXTRACTIVE_DEFAULTS.maxTaskChars, 20);
  const counter = options.counter ?? charsTokenCounter;
  if (counter === null || typeof counter !== 'object' || typeof counter.count !== 'function') {
    throw new TypeError('summarizeExtractive: counter must be a TokenCounter (an object with count(text))');
  }
  // One pass, not the replays' fold: keeping every sighting so as to read the files back newest first cost more than it saved.
  return renderSummary(collectSummaryFacts(turns, { maxTaskChars }, from, to), taskContext, { maxTokens, counter, maxTaskChars, maxRequestChars });
}

function integer(field: string, value: unknown, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new RangeError(`summarizeExtractive: ${field} must be an integer ≥ ${min}, got ${String(value)}`);
  }
  return value;
}
