import type { MessageLike } from '../types';
import type { StrategyPlan } from '../plan/types';
import type { SummarizeOptions } from '../summary/types';
import type { TokenCounter } from '../tokens/types';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import { findSummaryStandIns } from './find-summary-stand-ins';
import { replaceSummaries } from './replace-summaries';

/** What `withModelSummaries` needs beside the plan. */
export interface ModelSummariesOptions extends SummarizeOptions {
  /** Counts the new summaries, as the plan's messages were counted. Default is characters ÷ 4. */
  counter?: TokenCounter;
  /** Passed to the summarizer (what the summary is for). Default is ''. */
  taskContext?: string;
}

/**
 * A plan whose summaries a model wrote: every strategy plans synchronously with the extractive summarizer; this
 * asks `summarizer` (a `createModelSummarizer`, or any async `summarize`) for each inserted summary instead, with
 * the messages that summary stands for, and returns a copy of the plan with the model's text in place. The
 * strategy's framing is kept: a peer's fixed opening up to its `[Context Summary]` line, or the seed's
 * `[Previous context: N turns summarized]` line, then the model's text. Tokens are recounted, and the plan says it
 * is over its token bound when the model's summary made it so. Fates are unchanged, so tool pairs stay whole.
 *
 * Summaries in place (the governor's `[Summary] …` of one message) are left extractive. Requests go one at a time,
 * in order; the first failure rejects (with the summarizer's error) and nothing is half-replaced: `plan` itself is
 * never changed.
 */
export async function withModelSummaries<Id extends string>(
  messages: readonly MessageLike[],
  plan: StrategyPlan<Id>,
  summarizer: { summarize(turns: readonly MessageLike[], taskContext?: string, options?: SummarizeOptions): Promise<string> },
  options: ModelSummariesOptions = {},
): Promise<StrategyPlan<Id>> {
  if (plan.fates.length !== messages.length) {
    throw new RangeError(`withModelSummaries: the plan is for ${plan.fates.length} messages but ${messages.length} were given`);
  }
  const counter = options.counter ?? charsTokenCounter;
  const standIns = findSummaryStandIns(messages, plan);
  const texts: string[] = [];
  for (const standIn of standIns) {
    const turns = standIn.covered.map((i) => messages[i] as MessageLike);
    const signal = options.signal;
    const text = await summarizer.summarize(turns, options.taskContext ?? '', signal === undefined ? {} : { signal });
    if (typeof text !== 'string') throw new TypeError(`withModelSummaries: the summarizer returned ${typeof text}, expected a string`);
    texts.push(text);
  }
  return replaceSummaries(plan, standIns, texts, counter);
}
