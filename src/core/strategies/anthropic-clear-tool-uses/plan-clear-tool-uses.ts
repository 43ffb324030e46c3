import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { StrategyPlan } from '../../plan/types';
import type { PeerSettings } from '../peer-settings';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';
import { belowTriggerPlan } from '../../compaction/below-trigger-plan';
import { listToolResults } from '../../links/list-tool-results';
import { maskEditedMessages } from '../../compaction/mask-edited-messages';
import { tokenShare } from '../../compaction/token-share';
import { holdsPlaceholder } from './holds-placeholder';
import { callInputChars } from './call-input-chars';
import { formatNumber } from '../../text/format-number';
import { pinnedUnits } from '../../compaction/pinned-units';

export interface ClearToolUsesSettings extends PeerSettings {
  triggerType: 'input_tokens' | 'tool_uses';
  trigger: number;
  keep: number;
  clearAtLeast: number;
  clearAtLeastMode: 'gate' | 'stop-at';
  excludeTools: readonly string[];
  clearToolInputs: boolean;
  clearToolInputsOf: readonly string[];
  placeholder: string;
  keepCountsExcluded: boolean;
}

/** What the API reports of an applied edit (`context_management.applied_edits[]`), in our counts. */
export interface AppliedClearToolUses {
  clearedToolUses: number;
  clearedInputTokens: number;
}

/**
 * Anthropic's `clear_tool_uses_20250919`, as the context-editing docs state it: once the prompt (system, tools and
 * messages) exceeds `trigger` input tokens (or the history holds more than `trigger` tool uses), the results of all
 * tool uses but the last `keep` are replaced by a placeholder, oldest first, except those of `exclude_tools`;
 * `clear_tool_inputs` empties their calls' inputs too. When clearing would free fewer than `clear_at_least` tokens
 * the edit is not applied (`gate`, the literal reading); `stop-at` clears oldest first only until that many are
 * freed (LangChain's reading). Results already cleared, pinned, or no larger than the placeholder are left alone.
 * O(n) over the analysis.
 */
export function planClearToolUses(analysis: TranscriptAnalysis, settings: ClearToolUsesSettings): { plan: StrategyPlan<'anthropic-clear-tool-uses'>; applied: AppliedClearToolUses } {
  const { count, suffixTokens, messages, counter } = analysis;
  const total = suffixTokens[0] as number;
  const applied: AppliedClearToolUses = { clearedToolUses: 0, clearedInputTokens: 0 };
  const results = listToolResults(analysis);
  const prompt = settings.request.fixedTokens + total;
  let uses = 0;
  for (let r = 0; r < results.count; r++) if ((results.callMessage[r] as number) >= 0) uses++;
  const fires = settings.triggerType === 'input_tokens' ? prompt > settings.trigger : uses > settings.trigger;
  const triggerText = settings.triggerType === 'input_tokens' ? `prompt ${formatNumber(prompt, 'compact')} tokens, trigger ${formatNumber(settings.trigger, 'compact')}` : `${uses} tool uses, trigger ${settings.trigger}`;
  if (!fires) return { plan: belowTriggerPlan('anthropic-clear-tool-uses', analysis, `Not triggered: ${triggerText}`), applied };
  const plan = emptyPlan('anthropic-clear-tool-uses', { maxTurns: Infinity, maxTokens: Infinity }, count, total);
  plan.reasons.fill(REASON.noToolResult);

  const excluded = new Set(settings.excludeTools);
  const inputsOf = new Set(settings.clearToolInputsOf);
  const pinned = pinnedUnits(analysis, settings.pinned);
  const placeholderTokens = counter.count(settings.placeholder);

  // The last `keep` uses stay: counted over every use, or over those that may be cleared.
  let kept = 0;
  const recent = new Uint8Array(results.count);
  for (let r = results.count - 1; r >= 0 && kept < settings.keep; r--) {
    if ((results.callMessage[r] as number) < 0) continue;
    if (!settings.keepCountsExcluded && excluded.has(results.toolName[r] as string)) continue;
    recent[r] = 1;
    kept++;
  }

  const cleared: number[] = [];
  const inputCleared = new Set<number>();
  let freed = 0;
  for (let r = 0; r < results.count; r++) {
    const m = results.message[r] as number;
    const call = results.callMessage[r] as number;
    let reason: number;
    if (call < 0) reason = REASON.noToolResult;
    else if (recent[r] === 1) reason = REASON.recentResult;
    else if (excluded.has(results.toolName[r] as string)) reason = REASON.excludedTool;
    else if (pinned[m] === 1) reason = REASON.pinned;
    else if (holdsPlaceholder(messages[m] as Message, results.block[r] as number, settings.placeholder)) reason = REASON.alreadyCleared;
    else {
      const resultTokens = tokenShare(analysis, m, results.chars[r] as number);
      if (resultTokens <= placeholderTokens) reason = REASON.smallResult;
      else if (settings.clearAtLeastMode === 'stop-at' && settings.clearAtLeast > 0 && freed >= settings.clearAtLeast) reason = REASON.budget;
      else {
        cleared.push(r);
        freed += resultTokens - placeholderTokens;
        const name = results.toolName[r] as string;
        if ((settings.clearToolInputs || inputsOf.has(name)) && pinned[call] === 0) {
          inputCleared.add(r);
          freed += tokenShare(analysis, call, callInputChars(messages[call] as Message, results.callBlock[r] as number));
        }
        continue;
      }
    }
    if (plan.reasons[m] === REASON.noToolResult || reason === REASON.recentResult) plan.reasons[m] = reason;
  }

  if (cleared.length === 0 || (settings.clearAtLeast > 0 && freed < settings.clearAtLeast)) {
    // "If the API can't clear at least the specified amount, the strategy will not be applied."
    if (cleared.length > 0) for (const r of cleared) plan.reasons[results.message[r] as number] = REASON.clearAtLeastUnmet;
    plan.explain = { headline: `Triggered (${triggerText}); ${cleared.length === 0 ? 'nothing to clear' : `only ${formatNumber(freed, 'compact')} tokens clearable, under clear_at_least ${formatNumber(settings.clearAtLeast, 'compact')}: not applied`}`, about: () => undefined };
    return { plan, applied };
  }

  const edits = new Map<number, { results: { block: number; text: string }[]; inputs: number[] }>();
  const edit = (m: number) => {
    let e = edits.get(m);
    if (!e) edits.set(m, (e = { results: [], inputs: [] }));
    return e;
  };
  for (const r of cleared) {
    edit(results.message[r] as number).results.push({ block: results.block[r] as number, text: settings.placeholder });
    if (inputCleared.has(r)) edit(results.callMessage[r] as number).inputs.push(results.callBlock[r] as number);
  }
  maskEditedMessages(plan, messages, edits, freed);
  applied.clearedToolUses = cleared.length;
  applied.clearedInputTokens = freed;
  plan.explain = { headline: `Triggered (${triggerText}): ${cleared.length} tool ${cleared.length === 1 ? 'use' : 'uses'} cleared, ${formatNumber(freed, 'compact')} tokens freed`, about: () => undefined };
  return { plan, applied };
}
