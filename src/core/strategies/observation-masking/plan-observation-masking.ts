import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { CheckedBound, StrategyPlan } from '../../plan/types';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';
import { listToolResults } from '../../links/list-tool-results';
import { pinnedUnits } from '../../compaction/pinned-units';
import { tokenShare } from '../../compaction/token-share';
import { maskMessage } from './mask-message';
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
  const results = listToolResults(analysis);
  if (results.count === 0) return withOverrun(plan, settings);

  const excluded = new Set(settings.excludeTools);
  const pinned = pinnedUnits(analysis, settings.pinned);
  // Every cleared placeholder is a short line; size one once instead of counting each.
  const placeholderTokens = counter.count(resultPlaceholder(12_345, 123_456));
  const share = (message: number, chars: number): number => tokenShare(analysis, message, chars);

  const firstRecent = Math.max(0, results.count - settings.keepRecent);
  const cleared = new Uint8Array(results.count);
  const inputCleared = new Uint8Array(count);
  let sent = total;
  for (let r = 0; r < results.count; r++) {
    const m = results.message[r] as number;
    let reason: number;
    if (r >= firstRecent) reason = REASON.recentResult;
    else if (excluded.has(results.toolName[r] as string)) reason = REASON.excludedTool;
    else if (pinned[m] === 1) reason = REASON.pinned;
    else {
      const resultTokens = share(m, results.chars[r] as number);
      if (resultTokens < settings.minTokens || resultTokens <= placeholderTokens) reason = REASON.smallResult;
      else if (settings.maxTokens !== Infinity && sent <= settings.maxTokens) reason = REASON.budget;
      else {
        cleared[r] = 1;
        sent -= resultTokens - placeholderTokens;
        plan.fates[m] = FATE.masked;
        plan.reasons[m] = REASON.oldResultCleared;
        const call = results.callMessage[r] as number;
        if (settings.clearToolInputs && call >= 0 && pinned[call] === 0 && inputCleared[call] === 0) {
          inputCleared[call] = 1;
          sent -= Math.max(0, share(call, toolInputChars(messages[call] as Message, results.callBlock[r] as number)) - placeholderTokens);
          if (plan.fates[call] !== FATE.masked) {
            plan.fates[call] = FATE.masked;
            plan.reasons[call] = REASON.oldInputCleared;
          }
        }
        continue;
      }
    }
    // A message holding several results says the strongest reason it was left alone; a cleared one wins.
    if (plan.fates[m] !== FATE.masked && (plan.reasons[m] === REASON.noToolResult || reason === REASON.recentResult)) {
      plan.reasons[m] = reason;
    }
  }
  let masked = 0;
  for (let i = 0; i < count; i++) if (plan.fates[i] === FATE.masked) masked++;
  plan.masked = masked;
  plan.kept = count - masked;
  plan.tokens = sent;
  if (masked > 0) {
    let byMessage: Map<number, { results: { block: number; tokens: number }[]; inputs: number[] }> | undefined;
    plan.replacement = (index) => {
      // Built on the first call: most re-plans are only counted, never applied.
      byMessage ??= clearedBlocks(results, cleared, inputCleared, share);
      const blocks = byMessage.get(index);
      if (!blocks) throw new RangeError(`observation-masking: message ${index} is not masked in this plan`);
      return maskMessage(messages[index] as Message, blocks.results, blocks.inputs);
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

function clearedBlocks(
  results: ReturnType<typeof listToolResults>,
  cleared: Uint8Array,
  inputCleared: Uint8Array,
  share: (message: number, chars: number) => number,
): Map<number, { results: { block: number; tokens: number }[]; inputs: number[] }> {
  const map = new Map<number, { results: { block: number; tokens: number }[]; inputs: number[] }>();
  const entry = (m: number) => {
    let e = map.get(m);
    if (!e) map.set(m, (e = { results: [], inputs: [] }));
    return e;
  };
  for (let r = 0; r < results.count; r++) {
    if (cleared[r] !== 1) continue;
    const m = results.message[r] as number;
    entry(m).results.push({ block: results.block[r] as number, tokens: share(m, results.chars[r] as number) });
    const call = results.callMessage[r] as number;
    if (call >= 0 && inputCleared[call] === 1) entry(call).inputs.push(results.callBlock[r] as number);
  }
  return map;
}

