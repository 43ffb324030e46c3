import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import { listToolResults, type ToolResultTable } from '../../links/list-tool-results';
import type { TurnCounts } from '../../requests/create-turn-counts';
import { toolInputChars } from './tool-input-chars';
import type { ObservationMaskingSettings } from './plan-observation-masking';
import { groupByMessage, type MessageGroups } from '../../edits/group-by-message';
import { holdsResultPlaceholder } from './holds-result-placeholder';

/**
 * A context's tool results as masking decides them at any history length. Whether a result may be cleared (its
 * tool, its pin, its size, whether it already is a placeholder) does not depend on the history, only on its
 * message's count, which is fixed here (see `replayMasking`); so the results a request clears are always the first K
 * of the `eligible` ones, in order.
 */
export interface MaskingIndex {
  results: ToolResultTable;
  /** Per result: its tokens, the share of its message's count its characters hold (as masking reckons). */
  resultTokens: Float64Array;
  /** Results that may be cleared, in order. */
  eligible: Int32Array;
  /** Per eligible result: what clearing it takes off the total, in the two steps masking takes it. */
  saving: Float64Array;
  inputSaving: Float64Array;
  /** `sums[j]`: the savings of the first j eligible results, for a first guess of K under a budget. */
  sums: Float64Array;
  /** Per message (of the context): the eligible results it holds, and those whose call it holds (inputs). */
  holds: MessageGroups;
  calls: MessageGroups;
  placeholderTokens: number;
}

export function buildMaskingIndex(
  analysis: TranscriptAnalysis,
  start: number,
  settings: ObservationMaskingSettings,
  counts: TurnCounts,
  placeholderTokens: number,
): MaskingIndex {
  const { scan, messages } = analysis;
  const results = listToolResults(analysis);
  const share = (m: number, chars: number): number => {
    const messageChars = scan.textLength[m] as number;
    return messageChars > 0 ? (counts.count(start + m, 0) * chars) / messageChars : 0;
  };
  const excluded = new Set(settings.excludeTools);
  const resultTokens = new Float64Array(results.count);
  const eligible: number[] = [];
  const saving: number[] = [];
  const inputSaving: number[] = [];
  // Per eligible result: its message, and its call's message when inputs are cleared (else -1).
  const holder: number[] = [];
  const caller: number[] = [];
  const inputTaken = new Set<number>();
  for (let r = 0; r < results.count; r++) {
    const m = results.message[r] as number;
    const tokens = share(m, results.chars[r] as number);
    resultTokens[r] = tokens;
    if (excluded.has(results.toolName[r] as string)) continue;
    if (tokens < settings.minTokens || tokens <= placeholderTokens) continue;
    // As masking plans it: a result that already is a placeholder stays as it is.
    if (holdsResultPlaceholder(messages[m], results.block[r] as number, results.chars[r] as number)) continue;
    eligible.push(r);
    saving.push(tokens - placeholderTokens);
    holder.push(m);
    const call = results.callMessage[r] as number;
    let input = 0;
    caller.push(settings.clearToolInputs && call >= 0 ? call : -1);
    if (settings.clearToolInputs && call >= 0) {
      if (!inputTaken.has(call)) {
        inputTaken.add(call);
        input = Math.max(0, share(call, toolInputChars(messages[call] as Message, results.callBlock[r] as number)) - placeholderTokens);
      }
    }
    inputSaving.push(input);
  }
  const sums = new Float64Array(eligible.length + 1);
  for (let e = 0; e < eligible.length; e++) sums[e + 1] = (sums[e] as number) + (saving[e] as number) + (inputSaving[e] as number);
  return {
    results,
    resultTokens,
    eligible: Int32Array.from(eligible),
    saving: Float64Array.from(saving),
    inputSaving: Float64Array.from(inputSaving),
    sums,
    holds: groupByMessage(holder, analysis.count),
    calls: groupByMessage(caller, analysis.count),
    placeholderTokens,
  };
}

