import type { ContentBlock, Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { StrategyPlan } from '../../plan/types';
import type { PeerSettings } from '../peer-settings';
import { REASON } from '../../plan/reason';
import { listToolResults } from '../../links/list-tool-results';
import { reinjectedFiles } from './reinjected-files';
import { planCompaction } from '../../compaction/plan-compaction';
import { belowTriggerPlan } from '../../compaction/below-trigger-plan';
import { pinnedUnits } from '../../compaction/pinned-units';
import { maskEditedMessages } from '../../compaction/mask-edited-messages';
import { tokenShare } from '../../compaction/token-share';
import { formatNumber } from '../../text/format-number';
import { claudeCodeThreshold, type ClaudeCodeThresholdSettings } from './claude-code-threshold';
import { CLAUDE_CODE_TEXTS, COMPACTABLE_TOOLS } from './claude-code-texts';

export interface ClaudeCodeCompactSettings extends PeerSettings, ClaudeCodeThresholdSettings {
  summaryTokens: number;
  reinjectFiles: boolean;
  /** `POST_COMPACT_MAX_FILES_TO_RESTORE`, `…_MAX_TOKENS_PER_FILE`, `…_TOKEN_BUDGET`. */
  maxFiles: number;
  maxFileTokens: number;
  fileBudget: number;
  microCompact: boolean;
  microCompactGapMinutes: number;
  microCompactKeepRecent: number;
}

/**
 * Claude Code's context management before a main-thread request: auto-compact when the context (system, tools and
 * messages) reaches the threshold (`claudeCodeThreshold`), replacing it by the compact summary as a user message in
 * Claude Code's words and the up to 5 most recently read files re-read (5k tokens each, 50k in all); else, with
 * time-based micro-compaction on and at least the gap since the last assistant message, every result of the
 * compactable tools but the last `keepRecent` becomes `[Old tool result content cleared]`. The message that crossed
 * the threshold is kept after the summary (the last message is always sent). O(n) plus the summary.
 */
export function planClaudeCodeCompact(analysis: TranscriptAnalysis, settings: ClaudeCodeCompactSettings): StrategyPlan<'claude-code-compact'> {
  const { count, suffixTokens, cutAtOrBefore } = analysis;
  const total = suffixTokens[0] as number;
  const threshold = claudeCodeThreshold(settings);
  const context = settings.request.fixedTokens + total;
  const tail = count === 0 ? 0 : (cutAtOrBefore[count - 1] as number);
  if (context >= threshold && tail > 0) {
    return planCompaction(analysis, 'claude-code-compact', { pinned: pinnedUnits(analysis, settings.pinned),
      from: 0,
      to: tail,
      prefix: CLAUDE_CODE_TEXTS.summaryPrefix,
      suffix: CLAUDE_CODE_TEXTS.summarySuffix,
      summaryTokens: settings.summaryTokens,
      attachments: settings.reinjectFiles ? reinjectedFiles(analysis.messages, listToolResults(analysis), tail, analysis.count, analysis.counter, settings).map((file) => file.message) : [],
      keptReason: REASON.afterCompaction,
      headline: `Auto-compacted at ${formatNumber(context, 'compact')} tokens (threshold ${formatNumber(threshold, 'compact')}): ${tail} messages into a summary`,
    });
  }
  const plan = belowTriggerPlan('claude-code-compact', analysis, `Not compacted: ${formatNumber(context, 'compact')} of ${formatNumber(threshold, 'compact')} tokens`);
  if (settings.microCompact && idleLongEnough(analysis, settings)) microCompact(analysis, settings, plan);
  return plan;
}

/** Whether the last message came at least the gap after the last assistant message (the cache has expired). */
function idleLongEnough(analysis: TranscriptAnalysis, settings: ClaudeCodeCompactSettings): boolean {
  const timeOf = settings.request.timeOf;
  const { messages, count } = analysis;
  if (timeOf === undefined || count === 0) return false;
  const now = timeOf(messages[count - 1] as Message);
  if (now === undefined) return false;
  for (let i = count - 1; i >= 0; i--) {
    if ((messages[i] as Message).role !== 'assistant') continue;
    const then = timeOf(messages[i] as Message);
    return then !== undefined && now - then >= settings.microCompactGapMinutes * 60_000;
  }
  return false;
}

/** Time-based micro-compaction, in place on a keep-all plan: old compactable results become the placeholder. */
function microCompact(analysis: TranscriptAnalysis, settings: ClaudeCodeCompactSettings, plan: StrategyPlan<'claude-code-compact'>): void {
  const { messages, counter } = analysis;
  const results = listToolResults(analysis);
  const compactable: number[] = [];
  for (let r = 0; r < results.count; r++) if ((results.callMessage[r] as number) >= 0 && COMPACTABLE_TOOLS.has(results.toolName[r] as string)) compactable.push(r);
  const placeholder = CLAUDE_CODE_TEXTS.clearedResult;
  const placeholderTokens = counter.count(placeholder);
  const edits = new Map<number, { results: { block: number; text: string }[] }>();
  const pinned = pinnedUnits(analysis, settings.pinned);
  let freed = 0;
  for (const r of compactable.slice(0, Math.max(0, compactable.length - Math.max(1, settings.microCompactKeepRecent)))) {
    const m = results.message[r] as number;
    if (pinned[m] === 1) continue;
    const block = results.block[r] as number;
    const content = ((messages[m] as Message).content as ContentBlock[])[block] as { content?: unknown };
    if (content.content === placeholder) continue;
    const share = tokenShare(analysis, m, results.chars[r] as number);
    if (share <= placeholderTokens) continue;
    freed += share - placeholderTokens;
    const edit = edits.get(m) ?? { results: [] };
    edit.results.push({ block, text: placeholder });
    edits.set(m, edit);
  }
  if (edits.size === 0) return;
  maskEditedMessages(plan, messages, edits, freed);
  plan.explain = { headline: `${plan.explain?.headline ?? ''}; micro-compacted ${formatNumber(freed, 'compact')} tokens of old tool results`, about: () => undefined };
}
