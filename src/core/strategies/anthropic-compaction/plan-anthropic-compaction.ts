import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { StrategyPlan } from '../../plan/types';
import type { PeerSettings } from '../peer-settings';
import { REASON } from '../../plan/reason';
import { planCompaction } from '../../compaction/plan-compaction';
import { belowTriggerPlan } from '../../compaction/below-trigger-plan';
import { pinnedUnits } from '../../compaction/pinned-units';
import { formatNumber } from '../../text/format-number';
import { holdsCompactionBlock } from './holds-compaction-block';

export interface AnthropicCompactionSettings extends PeerSettings {
  trigger: number;
  summaryTokens: number;
  instructions: string;
}

/**
 * Anthropic's server compaction `compact_20260112`, as the "Compaction" docs define it: the API drops every block
 * before the last compaction block; when what remains (system and tools included) reaches `trigger` input tokens,
 * the model writes a compaction block summarizing it, and later requests send only that block and what follows.
 * The message that crossed the trigger is kept after the summary (the last message is always sent; the API folds it
 * into the summary). O(n) plus the summary.
 */
export function planAnthropicCompaction(analysis: TranscriptAnalysis, settings: AnthropicCompactionSettings): StrategyPlan<'anthropic-compaction'> {
  const { count, messages, suffixTokens, cutAtOrBefore } = analysis;
  // A compaction block the transcript already holds: the API drops what came before it.
  let start = 0;
  for (let i = count - 1; i > 0; i--) {
    if (holdsCompactionBlock(messages[i] as Message)) {
      start = cutAtOrBefore[i] as number;
      break;
    }
  }
  const effective = settings.request.fixedTokens + (suffixTokens[start] as number);
  const trigger = `${formatNumber(effective, 'compact')} of ${formatNumber(settings.trigger, 'compact')} tokens`;
  const tail = count === 0 ? 0 : (cutAtOrBefore[count - 1] as number);
  if (effective < settings.trigger || tail <= start) {
    if (start === 0) return belowTriggerPlan('anthropic-compaction', analysis, `Not triggered: ${trigger}`);
    return planCompaction(analysis, 'anthropic-compaction', { pinned: pinnedUnits(analysis, settings.pinned), from: start, to: start, dropBefore: start, prefix: '', summaryTokens: 0, keptReason: REASON.afterCompaction, headline: `After the transcript's compaction block: ${trigger}` });
  }
  return planCompaction(analysis, 'anthropic-compaction', { pinned: pinnedUnits(analysis, settings.pinned),
    from: start,
    to: tail,
    dropBefore: start,
    prefix: '',
    summaryTokens: settings.summaryTokens,
    focus: settings.instructions,
    keptReason: REASON.afterCompaction,
    // The summary's own size is the lane's insert; the option is its ceiling (the extractive summary of a short run is less).
    headline: `Compacted at ${formatNumber(effective, 'compact')} tokens (trigger ${formatNumber(settings.trigger, 'compact')}): ${tail - start} messages into a summary of at most ${formatNumber(settings.summaryTokens, 'compact')} tokens`,
  });
}
