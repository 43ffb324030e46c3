import type { Message, MessageLike } from '../types';
import type { StrategyPlan, PlanInsert } from '../plan/types';
import type { SummarizeOptions } from '../summary/types';
import type { TokenCounter } from '../tokens/types';
import { FATE } from '../plan/fate';
import { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';
import { charsTokenCounter } from '../tokens/chars-token-counter';

/** What `withModelSummaries` needs beside the plan. */
export interface ModelSummariesOptions extends SummarizeOptions {
  /** Counts the new summaries, as the plan's messages were counted. Default is characters ÷ 4. */
  counter?: TokenCounter;
  /** Passed to the summarizer (what the summary is for). Default is ''. */
  taskContext?: string;
}

const PLACEHOLDER = /^\[Previous context: \d+ turns? summarized\]/;

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
  // Messages an inserted summary stands for, in order; the inserts claim them in turn, `replaces` each.
  const standIns: number[] = [];
  for (let i = 0; i < messages.length; i++) {
    if (plan.fates[i] === FATE.summarized && plan.replacement?.(i) === undefined) standIns.push(i);
  }
  let next = 0;
  let added = 0;
  const inserts: PlanInsert[] = [];
  for (const insert of plan.inserts) {
    const claimed = standIns.slice(next, next + insert.replaces);
    next += insert.replaces;
    const framing = framingOf(insert.message);
    if (claimed.length === 0 || framing === undefined) {
      inserts.push(insert);
      continue;
    }
    const turns = claimed.map((i) => messages[i] as MessageLike);
    const signal = options.signal;
    const text = await summarizer.summarize(turns, options.taskContext ?? '', signal === undefined ? {} : { signal });
    if (typeof text !== 'string') throw new TypeError(`withModelSummaries: the summarizer returned ${typeof text}, expected a string`);
    const content = `${framing}${text}`;
    const tokens = counter.count(content);
    added += tokens - insert.tokens;
    inserts.push({ ...insert, message: { ...insert.message, content }, tokens });
  }
  const tokens = plan.tokens + added;
  const copy: StrategyPlan<Id> = { ...plan, inserts, tokens };
  const bound = plan.bound.maxTokens;
  if (tokens > bound) {
    copy.over = { unit: 'tokens', by: tokens - bound, why: `the model's summaries hold ${added} tokens more than the extractive ones the plan was made with` };
  } else if (plan.over?.unit === 'tokens') {
    delete copy.over;
  }
  return copy;
}

/** The part of a summary message kept before the model's text, or undefined when the message is not a summary. */
function framingOf(message: Message): string | undefined {
  if (message.role !== 'user' || typeof message.content !== 'string') return undefined;
  const text = message.content;
  const placeholder = PLACEHOLDER.exec(text);
  if (placeholder !== null) return `${placeholder[0]}\n`;
  if (text.startsWith(`${CONTEXT_SUMMARY_MARKER}\n`)) return `${CONTEXT_SUMMARY_MARKER}\n`;
  const at = text.indexOf(`\n${CONTEXT_SUMMARY_MARKER}\n`);
  return at < 0 ? undefined : text.slice(0, at + CONTEXT_SUMMARY_MARKER.length + 2);
}
