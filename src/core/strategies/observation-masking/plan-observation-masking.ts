import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { CheckedBound, StrategyPlan } from '../../plan/types';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';
import { pinnedUnits } from '../../compaction/pinned-units';
import { tokenShare } from '../../compaction/token-share';
import { maskMessage } from './mask-message';
import { maskedResultIndex } from './masked-result-index';
import { resultPlaceholder } from './result-placeholder';
import { toolInputChars } from './tool-input-chars';

export interface ObservationMaskingSettings extends CheckedBound {
  keepRecent: number;
  excludeTools: readonly string[];
  clearToolInputs: boolean;
  minTokens: number;
  pinned: readonly number[];
}

/**
 * Observation masking: every message is kept; the content of tool results older than the last `keepRecent` becomes
 * a one-line placeholder that says what was removed. Calls stay, so pairs are whole by construction.
 *
 * Without a token budget, every eligible old result is cleared (SWE-agent's `LastNObservations`). With one, old
 * results are cleared oldest first only until the messages fit (Anthropic's context editing clears when a trigger
 * is passed, not always); when clearing them all is not enough the plan says by how much. Results of excluded tools,
 * in the unit (tool group) of a pinned message, and under `minTokens` are never cleared. O(n) over the analysis.
 */
export function planObservationMasking(
  analysis: TranscriptAnalysis,
  settings: ObservationMaskingSettings,
): StrategyPlan<'observation-masking'> {
  const { count, suffixTokens, messages, counter } = analysis;
  const total = suffixTokens[0] as number;
  const plan = emptyPlan('observation-masking', { maxTurns: Infinity, maxTokens: settings.maxTokens }, count, total);
  plan.reasons.fill(REASON.noToolResult);
  // The results, their token shares and placeholders, found once per analysis: a budget change only refills.
  const index = maskedResultIndex(analysis);
  const { results } = index;
  if (results.count === 0) return withOverrun(plan, settings);

  const excluded = new Set(settings.excludeTools);
  const pinned = pinnedUnits(analysis, settings.pinned);
  // Every cleared placeholder is a short line; size one once instead of counting each.
  const placeholderTokens = counter.count(resultPlaceholder(12_345, 123_456));

  const firstRecent = Math.max(0, results.count - settings.keepRecent);
  const cleared = new Uint8Array(results.count);
  const inputCleared = new Uint8Array(count);
  // Locals, not property reads, in the loop over every result (issue 24: a budget change re-plans it).
  const { fates, reasons } = plan;
  const { message: resultMessage, toolName, callMessage, callBlock } = results;
  const { alreadyCleared } = index;
  const { minTokens, maxTokens, clearToolInputs } = settings;
  const anyExcluded = excluded.size > 0;
  let sent = total;
  // Messages masked, counted as they first are instead of in a pass over every message after.
  let masked = 0;
  for (let r = 0; r < results.count; r++) {
    const m = resultMessage[r] as number;
    let reason: number;
    if (r >= firstRecent) reason = REASON.recentResult;
    else if (anyExcluded && excluded.has(toolName[r] as string)) reason = REASON.excludedTool;
    else if (pinned[m] === 1) reason = REASON.pinned;
    else {
      const resultTokens = index.tokens(r);
      // Cleared again, a placeholder would only change its "≈N tokens", and the rewrite break the cached prefix.
      if (alreadyCleared[r] === 1) reason = REASON.alreadyCleared;
      else if (resultTokens < minTokens || resultTokens <= placeholderTokens) reason = REASON.smallResult;
      else if (maxTokens !== Infinity && sent <= maxTokens) reason = REASON.budget;
      else {
        cleared[r] = 1;
        sent -= resultTokens - placeholderTokens;
        if (fates[m] !== FATE.masked) masked++;
        fates[m] = FATE.masked;
        reasons[m] = REASON.oldResultCleared;
        const call = callMessage[r] as number;
        if (clearToolInputs && call >= 0 && pinned[call] === 0 && inputCleared[call] === 0) {
          inputCleared[call] = 1;
          sent -= Math.max(0, tokenShare(analysis, call, toolInputChars(messages[call] as Message, callBlock[r] as number)) - placeholderTokens);
          if (fates[call] !== FATE.masked) {
            masked++;
            fates[call] = FATE.masked;
            reasons[call] = REASON.oldInputCleared;
          }
        }
        continue;
      }
    }
    // A message holding several results says the strongest reason it was left alone; a cleared one wins.
    if (fates[m] !== FATE.masked && (reasons[m] === REASON.noToolResult || reason === REASON.recentResult)) {
      reasons[m] = reason;
    }
  }
  plan.masked = masked;
  plan.kept = count - masked;
  plan.tokens = sent;
  if (masked > 0) {
    plan.replacement = (m) => {
      // From the message's own entries (`maskedResultIndex`): the scorecard asks for every masked message a probe
      // points at, each re-plan, and each result's placeholder is the same at every budget. Which of them are cleared
      // says the whole copy, so a message cleared as before is the copy made before (the scorecard then reads its
      // text again instead of building it).
      const from = index.resultStart[m] as number;
      const to = index.resultStart[m + 1] as number;
      const callFrom = index.callStart[m] as number;
      const callTo = inputCleared[m] === 1 ? (index.callStart[m + 1] as number) : callFrom;
      let key = '';
      let any = false;
      for (let r = from; r < to; r++) {
        key += cleared[r] === 1 ? '1' : '0';
        any ||= cleared[r] === 1;
      }
      key += '|';
      for (let k = callFrom; k < callTo; k++) {
        const cut = cleared[index.callOrder[k] as number] === 1;
        key += cut ? '1' : '0';
        any ||= cut;
      }
      if (!any) throw new RangeError(`observation-masking: message ${m} is not masked in this plan`);
      return index.maskedMessage(m, key, () => {
        const blocks: { block: number; tokens: number; placeholder: string }[] = [];
        for (let r = from; r < to; r++) {
          if (cleared[r] === 1) blocks.push({ block: results.block[r] as number, tokens: index.tokens(r), placeholder: index.placeholder(r) });
        }
        const inputs: number[] = [];
        for (let k = callFrom; k < callTo; k++) {
          const r = index.callOrder[k] as number;
          if (cleared[r] === 1) inputs.push(results.callBlock[r] as number);
        }
        return maskMessage(messages[m] as Message, blocks, inputs);
      });
    };
  }
  return withOverrun(plan, settings);
}

function withOverrun<P extends StrategyPlan>(plan: P, settings: ObservationMaskingSettings): P {
  if (plan.tokens > settings.maxTokens) {
    plan.over = {
      unit: 'tokens',
      by: plan.tokens - settings.maxTokens,
      why: 'masking keeps every message, and clearing every old tool result it may clear is not enough',
    };
  }
  return plan;
}
