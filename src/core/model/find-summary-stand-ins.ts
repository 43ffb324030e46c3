import type { Message, MessageLike } from '../types';
import type { StrategyPlan } from '../plan/types';
import { FATE } from '../plan/fate';
import { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';

/** One summary a plan inserts that a model could write instead: which insert, the messages it stands for, its framing. */
export interface SummaryStandIn {
  /** Position in `plan.inserts`. */
  insert: number;
  /** The messages the summary stands for, ascending indices into the plan's messages. */
  covered: number[];
  /** The part of the summary message kept before the model's text: the strategy's own opening line(s). */
  framing: string;
}

const PLACEHOLDER = /^\[Previous context: \d+ turns? summarized\]/;

/**
 * The summaries a plan inserts that a model could write (`withModelSummaries`, the inspector's lanes): each insert
 * that is a summary message (the seed's `[Previous context: N turns summarized]` or a `[Context Summary]` one), with
 * the messages it stands for (the plan's summarized messages without a replacement, claimed by the inserts in turn,
 * `replaces` each). Summaries in place (the governor's `[Summary] …` of one message) are not listed: they stay
 * extractive.
 */
export function findSummaryStandIns(messages: readonly MessageLike[], plan: Pick<StrategyPlan, 'fates' | 'inserts' | 'replacement'>): SummaryStandIn[] {
  if (plan.fates.length !== messages.length) {
    throw new RangeError(`findSummaryStandIns: the plan is for ${plan.fates.length} messages but ${messages.length} were given`);
  }
  if (plan.inserts.length === 0) return [];
  const standIns: number[] = [];
  for (let i = 0; i < messages.length; i++) {
    if (plan.fates[i] === FATE.summarized && plan.replacement?.(i) === undefined) standIns.push(i);
  }
  const found: SummaryStandIn[] = [];
  let next = 0;
  plan.inserts.forEach((insert, k) => {
    const covered = standIns.slice(next, next + insert.replaces);
    next += insert.replaces;
    const framing = framingOf(insert.message);
    if (covered.length > 0 && framing !== undefined) found.push({ insert: k, covered, framing });
  });
  return found;
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
