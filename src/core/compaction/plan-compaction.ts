import type { Message } from '../types';
import type { TranscriptAnalysis } from '../plan/analyze-transcript';
import type { StrategyPlan } from '../plan/types';
import { FATE } from '../plan/fate';
import { REASON, type ReasonCode } from '../plan/reason';
import { emptyPlan } from '../plan/empty-plan';
import { compactionSummaryMessage } from './compaction-summary-message';
import { unwrapPeerSummary } from './unwrap-peer-summary';

/** One compaction as a peer makes it: which messages a summary replaces, and the peer's words around it. */
export interface Compaction {
  /** Messages `[from, to)` are replaced by one summary message put at `from`; both must be valid cuts. */
  from: number;
  to: number;
  /** Messages before `dropBefore` (at most `from`) are dropped with no summary (what a peer already let go). Default 0. */
  dropBefore?: number;
  /** Drop `[from, to)` with no summary (a peer that forgets, such as OpenHands' amortized forgetting). Default false. */
  forget?: boolean;
  /** The peer's fixed text before the summary ('' for none) and after it. */
  prefix: string;
  suffix?: string;
  /** The summary's size bound, in the analysis' tokens: what the real system writes. */
  summaryTokens: number;
  /** Messages the peer adds after the summary (files it re-reads, say), before the kept messages. Default none. */
  attachments?: readonly Message[];
  /** The summarizer reads only messages `[seenFrom, to)` (a peer that trims its summarizer's input). Default `from`. */
  seenFrom?: number;
  /** Passed to the summarizer as the focus (a peer's custom instructions). */
  focus?: string;
  /** Per message, 1 when pinned (`pinnedUnits`): kept as it is wherever it is. Default none. */
  pinned?: Uint8Array;
  /** Why the kept messages after `to` were kept. */
  keptReason: ReasonCode;
  headline: string;
}

/**
 * The plan of a peer's compaction: the messages of `[from, to)` summarized by the extractive summarizer (its content
 * is ours, its size bound the peer's) into one user message wrapped in the peer's fixed texts, the rest kept. An
 * earlier peer summary among them is merged, not quoted. O(n) plus the summary.
 */
export function planCompaction<Id extends string>(analysis: TranscriptAnalysis, strategy: Id, compaction: Compaction): StrategyPlan<Id> {
  const { count, messages, tokens, suffixTokens, counter } = analysis;
  const { from, to, dropBefore = 0 } = compaction;
  const plan = emptyPlan(strategy, { maxTurns: Infinity, maxTokens: Infinity }, count, suffixTokens[0] as number);
  plan.explain = { headline: compaction.headline, about: () => undefined };
  let keptTokens = 0;
  const summarized: Message[] = [];
  for (let i = 0; i < count; i++) {
    if (compaction.pinned?.[i] === 1) {
      plan.reasons[i] = REASON.pinned;
      keptTokens += tokens[i] as number;
    } else if (i < dropBefore) {
      plan.fates[i] = FATE.dropped;
      plan.reasons[i] = REASON.replacedBySummary;
      plan.dropped++;
    } else if (i >= from && i < to && compaction.forget === true) {
      plan.fates[i] = FATE.dropped;
      plan.reasons[i] = REASON.budget;
      plan.dropped++;
    } else if (i >= from && i < to) {
      plan.fates[i] = FATE.summarized;
      plan.reasons[i] = REASON.replacedBySummary;
      plan.summarized++;
      if (i >= Math.max(from, compaction.seenFrom ?? from)) summarized.push(unwrapPeerSummary(messages[i] as Message));
    } else {
      plan.reasons[i] = i >= to ? compaction.keptReason : REASON.pinnedPrefix;
      keptTokens += tokens[i] as number;
    }
  }
  plan.kept = count - plan.dropped - plan.summarized;
  if (to <= from || compaction.forget === true || plan.summarized === 0) {
    plan.tokens = keptTokens;
    return plan;
  }
  const message = compactionSummaryMessage(summarized, compaction, counter);
  const summaryTokens = counter.count(message.content as string);
  const attachments = (compaction.attachments ?? []).map((extra) => ({ before: to, message: extra, replaces: 0, tokens: counter.count(typeof extra.content === 'string' ? extra.content : JSON.stringify(extra.content)) }));
  plan.inserts = [{ before: from, message, replaces: plan.summarized, tokens: summaryTokens }, ...attachments];
  plan.tokens = keptTokens + summaryTokens + attachments.reduce((sum, extra) => sum + extra.tokens, 0);
  return plan;
}
