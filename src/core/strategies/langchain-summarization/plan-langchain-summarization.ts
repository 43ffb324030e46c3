import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { StrategyPlan } from '../../plan/types';
import type { PeerSettings } from '../peer-settings';
import { REASON } from '../../plan/reason';
import { langChainTriggerFires, type LangChainTrigger } from './langchain-trigger-fires';
import { planCompaction } from '../../compaction/plan-compaction';
import { belowTriggerPlan } from '../../compaction/below-trigger-plan';
import { pinnedUnits } from '../../compaction/pinned-units';
import { formatNumber } from '../../text/format-number';

export interface LangChainSummarizationSettings extends PeerSettings, LangChainTrigger {
  keepMessages: number;
  trimTokensToSummarize: number;
  summaryTokens: number;
  summaryPrefix: string;
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
