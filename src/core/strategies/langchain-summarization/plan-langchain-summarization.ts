import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { StrategyPlan } from '../../plan/types';
import type { PeerSettings } from '../peer-settings';
import { REASON } from '../../plan/reason';
import { planCompaction } from '../../compaction/plan-compaction';
import { belowTriggerPlan } from '../../compaction/below-trigger-plan';
import { pinnedUnits } from '../../compaction/pinned-units';
import { formatNumber } from '../../text/format-number';

export interface LangChainSummarizationSettings extends PeerSettings {
  /** Trigger conditions; 0 is unset. With none set the middleware never summarizes. */
  triggerTokens: number;
  triggerMessages: number;
  triggerPercent: number;
  contextWindow: number;
  /** `all`: every set condition must hold (one trigger object); `any`: one is enough (a list of them). */
  triggerCombine: 'any' | 'all';
  keepMessages: number;
  trimTokensToSummarize: number;
  summaryTokens: number;
  summaryPrefix: string;
}

/** The conditions that hold for a conversation of `count` messages and `tokens` tokens, and whether it fires. */
export function langChainTriggerFires(settings: LangChainSummarizationSettings, count: number, tokens: number): boolean {
  const conditions: boolean[] = [];
  if (settings.triggerTokens > 0) conditions.push(tokens >= settings.triggerTokens);
  if (settings.triggerMessages > 0) conditions.push(count >= settings.triggerMessages);
  if (settings.triggerPercent > 0) conditions.push(tokens >= (settings.triggerPercent / 100) * settings.contextWindow);
  if (conditions.length === 0) return false;
  return settings.triggerCombine === 'all' ? conditions.every(Boolean) : conditions.some(Boolean);
}

/**
 * LangChain v1's `SummarizationMiddleware` before a model call: when its trigger holds, the messages before the last
 * `keep` (moved back to a safe cut, so an AI message stays with its tool results) are replaced by one human message,
 * `Here is a summary of the conversation to date:` and the summary; the summarizer reads only the last
 * `trim_tokens_to_summarize` tokens of them. O(n) plus the summary.
 */
export function planLangChainSummarization(analysis: TranscriptAnalysis, settings: LangChainSummarizationSettings): StrategyPlan<'langchain-summarization'> {
  const { count, tokens, suffixTokens, cutAtOrBefore } = analysis;
  const total = settings.request.fixedTokens + (suffixTokens[0] as number);
  // The system prompt is not a message here (it is in the fixed part), so the summary starts at the first message.
  const start = 0;
  const target = count - settings.keepMessages;
  // The last message is always sent, even with keep 0.
  const cut = target <= start ? start : Math.min(cutAtOrBefore[target] as number, cutAtOrBefore[count - 1] as number);
  if (!langChainTriggerFires(settings, count, total) || cut <= start) return belowTriggerPlan('langchain-summarization', analysis, `Not summarized: ${count} messages, ${formatNumber(total, 'compact')} tokens`);
  let seenFrom = cut;
  for (let seen = 0; seenFrom > start && seen + (tokens[seenFrom - 1] as number) <= settings.trimTokensToSummarize; seenFrom--) seen += tokens[seenFrom - 1] as number;
  if (seenFrom === cut) seenFrom = cut - 1;
  return planCompaction(analysis, 'langchain-summarization', { pinned: pinnedUnits(analysis, settings.pinned),
    from: start,
    to: cut,
    seenFrom,
    prefix: `${settings.summaryPrefix}\n`,
    summaryTokens: settings.summaryTokens,
    keptReason: REASON.recentTail,
    headline: `Summarized ${cut - start} messages at ${count} messages, ${formatNumber(total, 'compact')} tokens; the last ${count - cut} kept`,
  });
}
