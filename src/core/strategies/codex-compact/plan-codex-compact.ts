import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { StrategyPlan } from '../../plan/types';
import type { PeerSettings } from '../peer-settings';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';
import { createExtractiveSummarizer } from '../../summary/create-extractive-summarizer';
import { unwrapPeerSummary } from '../../compaction/unwrap-peer-summary';
import { formatNumber } from '../../text/format-number';
import { pinnedUnits } from '../../compaction/pinned-units';
import { belowTriggerPlan } from '../../compaction/below-trigger-plan';
import { peerSummaryTokens } from '../../compaction/peer-summary-tokens';
import { codexPromptText } from './codex-prompt-text';
import { CODEX_SUMMARY_PREFIX } from './codex-summary-prefix';
import { approxTokens, truncateMiddle } from './truncate-middle';
import { CONTEXT_SUMMARY_MARKER } from '../../text/harness-text';

export { CODEX_SUMMARY_PREFIX } from './codex-summary-prefix';

export interface CodexCompactSettings extends PeerSettings {
  contextWindow: number;
  /** `model_auto_compact_token_limit` (0: unset); it can only lower `contextWindow · 9/10`. */
  autoCompactLimit: number;
  /** `COMPACT_USER_MESSAGE_MAX_TOKENS`. */
  userMessageTokens: number;
  /** 0: 2.57% of what it replaces, at most 20,000. */
  summaryTokens: number;
}

/** The token count at which Codex compacts: 90% of the window, or the configured limit when lower. */
export function codexCompactLimit(settings: Pick<CodexCompactSettings, 'contextWindow' | 'autoCompactLimit'>): number {
  const limit = Math.floor((settings.contextWindow * 9) / 10);
  return settings.autoCompactLimit > 0 ? Math.min(settings.autoCompactLimit, limit) : limit;
}

/**
 * Codex CLI's compaction (`codex-rs/core/src/compact.rs`): when the context reaches the limit, the history becomes
 * the user messages, newest first up to 20,000 tokens (bytes ÷ 4; the one that does not fit cut in the middle),
 * back in order, then one user message: the fixed prefix and the hand-off summary. Earlier summaries and harness
 * context are not user messages; assistant turns and tool output are dropped. The last message is kept after the
 * summary (it is always sent). O(n) plus the summary.
 */
export function planCodexCompact(analysis: TranscriptAnalysis, settings: CodexCompactSettings): StrategyPlan<'codex-compact'> {
  const { count, messages, tokens, suffixTokens, cutAtOrBefore, counter } = analysis;
  const total = suffixTokens[0] as number;
  const limit = codexCompactLimit(settings);
  const context = settings.request.fixedTokens + total;
  const tail = count === 0 ? 0 : (cutAtOrBefore[count - 1] as number);
  if (context < limit || tail === 0) return belowTriggerPlan('codex-compact', analysis, `Not compacted: ${formatNumber(context, 'compact')} of ${formatNumber(limit, 'compact')} tokens`);
  const plan = emptyPlan('codex-compact', { maxTurns: Infinity, maxTokens: Infinity }, count, total);
  // User messages before the tail, newest first, within the budget; the one that does not fit is cut.
  const selected = new Set<number>();
  let truncated: { at: number; text: string } | undefined;
  let remaining = settings.userMessageTokens;
  for (let i = tail - 1; i >= 0 && remaining > 0; i--) {
    const text = codexPromptText(messages[i] as Message);
    if (text === undefined) continue;
    const t = approxTokens(text);
    if (t <= remaining) {
      selected.add(i);
      remaining -= t;
    } else {
      truncated = { at: i, text: truncateMiddle(text, remaining) };
      remaining = 0;
    }
  }
  let keptTokens = 0;
  let replaced = 0;
  const summarized: Message[] = [];
  const pinned = pinnedUnits(analysis, settings.pinned);
  if (truncated !== undefined && pinned[truncated.at] === 1) {
    selected.add(truncated.at);
    truncated = undefined;
  }
  for (let i = 0; i < count; i++) {
    if (i >= tail || selected.has(i) || pinned[i] === 1) {
      plan.reasons[i] = i >= tail ? REASON.afterCompaction : pinned[i] === 1 ? REASON.pinned : REASON.recentTail;
      keptTokens += tokens[i] as number;
    } else {
      plan.fates[i] = FATE.summarized;
      plan.reasons[i] = REASON.replacedBySummary;
      summarized.push(unwrapPeerSummary(messages[i] as Message));
      replaced += tokens[i] as number;
    }
  }
  plan.summarized = summarized.length;
  plan.kept = count - summarized.length;
  const summary = createExtractiveSummarizer({ counter, maxTokens: peerSummaryTokens(settings.summaryTokens, replaced) }).summarizeSync(summarized);
  const content = `${CODEX_SUMMARY_PREFIX}\n${CONTEXT_SUMMARY_MARKER}\n${summary}`;
  const inserts = [];
  // The user message cut in the middle is sent in its cut form, where it was.
  if (truncated !== undefined) inserts.push({ before: truncated.at, message: { role: 'user', content: truncated.text } as Message, replaces: 1, tokens: counter.count(truncated.text) });
  inserts.push({ before: tail, message: { role: 'user', content } as Message, replaces: summarized.length - (truncated === undefined ? 0 : 1), tokens: counter.count(content) });
  plan.inserts = inserts;
  plan.tokens = keptTokens + inserts.reduce((sum, insert) => sum + insert.tokens, 0);
  plan.explain = { headline: `Compacted at ${formatNumber(context, 'compact')} tokens (limit ${formatNumber(limit, 'compact')}): ${selected.size + (truncated === undefined ? 0 : 1)} user messages kept, ${summarized.length} messages summarized`, about: () => undefined };
  return plan;
}
