import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { StrategyPlan } from '../../plan/types';
import type { PeerSettings } from '../peer-settings';
import { REASON } from '../../plan/reason';
import { planCompaction } from '../../compaction/plan-compaction';
import { belowTriggerPlan } from '../../compaction/below-trigger-plan';
import { peerSummaryTokens } from '../../compaction/peer-summary-tokens';
import { pinnedUnits } from '../../compaction/pinned-units';
import { eventsOf } from './events-of';
import { formatNumber } from '../../text/format-number';

export interface OpenHandsCondenserSettings extends PeerSettings {
  condenser: 'llm-summarizing' | 'amortized-forgetting';
  maxSize: number;
  keepFirst: number;
  /** `max_tokens` (0: unset). */
  condenseAtTokens: number;
  /** 0: sized like Claude Code's, 2.57% of what it replaces, at most 20,000. */
  summaryTokens: number;
}

/**
 * OpenHands' rolling condensers (software-agent-sdk `llm_summarizing_condenser.py`; V0 `amortized_forgetting_condenser.py`):
 * when the view holds more than `max_size` events (or more than `max_tokens` tokens), the first `keep_first` events
 * and a tail stay, the tail being `max_size // 2 − keep_first − 1` events (the token reason's tail when shorter),
 * both ends moved to whole tool batches; the middle is forgotten, summarized in one message at `keep_first` by the
 * LLM condenser (an earlier summary there is summarized with it), dropped by amortized forgetting. O(n) plus the
 * summary.
 */
export function planOpenHandsCondenser(analysis: TranscriptAnalysis, settings: OpenHandsCondenserSettings): StrategyPlan<'openhands-condenser'> {
  const { count, messages, suffixTokens, cutAtOrAfter, cutAtOrBefore } = analysis;
  // eventStart[i]: events before message i.
  const eventStart = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) eventStart[i + 1] = (eventStart[i] as number) + eventsOf(messages[i] as Message);
  const events = eventStart[count] as number;
  const total = settings.request.fixedTokens + (suffixTokens[0] as number);
  const forEvents = events > settings.maxSize;
  const forTokens = settings.condenseAtTokens > 0 && total > settings.condenseAtTokens;
  let tailEvents = Infinity;
  if (forEvents) tailEvents = Math.floor(settings.maxSize / 2) - settings.keepFirst - (settings.condenser === 'llm-summarizing' ? 1 : 0);
  let tailStart = count;
  if (Number.isFinite(tailEvents)) {
    while (tailStart > 0 && events - (eventStart[tailStart - 1] as number) <= tailEvents) tailStart--;
  }
  if (forTokens) {
    // The token reason keeps the suffix within half of max_tokens.
    let t = count;
    while (t > 0 && settings.request.fixedTokens + (suffixTokens[t - 1] as number) <= settings.condenseAtTokens / 2) t--;
    tailStart = Math.max(tailStart, t);
  }
  let first = 0;
  while (first < count && (eventStart[first] as number) < settings.keepFirst) first++;
  const from = cutAtOrAfter[Math.min(first, count)] as number;
  // The last message is always sent: the tail starts at the last message's unit at the latest.
  const lastCut = count === 0 ? 0 : (cutAtOrBefore[count - 1] as number);
  const to = Math.min(cutAtOrAfter[Math.max(tailStart, from)] as number, lastCut);
  const headline = `${events} events, ${formatNumber(total, 'compact')} tokens; max_size ${settings.maxSize}${settings.condenseAtTokens > 0 ? `, max_tokens ${formatNumber(settings.condenseAtTokens, 'compact')}` : ''}`;
  if ((!forEvents && !forTokens) || to <= from) return belowTriggerPlan('openhands-condenser', analysis, `Not condensed: ${headline}`);
  const summaryTokens = peerSummaryTokens(settings.summaryTokens, (suffixTokens[from] as number) - (suffixTokens[to] as number));
  if (settings.condenser === 'amortized-forgetting') {
    return planCompaction(analysis, 'openhands-condenser', { pinned: pinnedUnits(analysis, settings.pinned), from, to, forget: true, prefix: '', summaryTokens, keptReason: REASON.recentTail, headline: `Forgot ${to - from} messages: ${headline}` });
  }
  return planCompaction(analysis, 'openhands-condenser', { pinned: pinnedUnits(analysis, settings.pinned), from, to, prefix: '', summaryTokens, keptReason: REASON.recentTail, headline: `Condensed ${to - from} messages into a summary: ${headline}` });
}
