import type { Message } from '../../types';
import type { ReplayContext } from '../../requests/replay-context';
import { listToolResults, type ToolResultTable } from '../../links/list-tool-results';
import type { ClearToolUsesSettings } from './plan-clear-tool-uses';
import { holdsPlaceholder } from './holds-placeholder';
import { callInputChars } from './call-input-chars';
import { tokenShare } from '../../compaction/token-share';
import { groupByMessage, type MessageGroups } from '../../edits/group-by-message';

/** The results of one context that clear tool uses may clear, in the order it clears them. */
export interface ClearableResults {
  results: ToolResultTable;
  /** Per result: 1 when it counts toward `keep` (a use, of an excluded tool only if excluded ones count). */
  countsTowardKeep: Uint8Array;
  /** Indices of the results it clears once they are older than the last `keep` uses, ascending. */
  candidates: Int32Array;
  /** Per candidate: how many results that count toward `keep` come before it. */
  position: Int32Array;
  /** Per candidate: 1 when its call's input is cleared with it. */
  clearsInput: Uint8Array;
  /** `sums[e]`: tokens freed by clearing the first e candidates, added up in the plan's order. */
  sums: Float64Array;
  /** Per message: the candidates whose result it holds, and those whose call it holds (input cleared), ascending. */
  holds: MessageGroups;
  calls: MessageGroups;
}

/**
 * What every request's plan of the context from `s` finds of each result, found once: a history's results are the
 * context's before its end (links are made left to right), and with no pins a result is a candidate or not whatever
 * the request, as long as the messages it is weighed by count the same in every turn; undefined when one does not.
 */
export function clearableResults(context: ReplayContext, s: number, settings: ClearToolUsesSettings): ClearableResults | undefined {
  const { counts, counter } = context;
  const analysis = context.segment(s);
  const { messages } = analysis;
  const results = listToolResults(analysis);
  const excluded = new Set(settings.excludeTools);
  const inputsOf = new Set(settings.clearToolInputsOf);
  const placeholderTokens = counter.count(settings.placeholder);
  // The context's counts are the request's: every message weighed counts the same in every turn.
  const share = (m: number, chars: number): number => tokenShare(analysis, m, chars);
  const countsTowardKeep = new Uint8Array(results.count);
  const candidates: number[] = [];
  const position: number[] = [];
  const clearsInput: number[] = [];
  const sums: number[] = [0];
  // Per candidate: its result's message, and its call's message when the input is cleared with it (else -1).
  const holder: number[] = [];
  const caller: number[] = [];
  let qualifying = 0;
  let freed = 0;
  for (let r = 0; r < results.count; r++) {
    const m = results.message[r] as number;
    const call = results.callMessage[r] as number;
    if (call < 0) continue;
    const name = results.toolName[r] as string;
    const before = qualifying;
    if (settings.keepCountsExcluded || !excluded.has(name)) {
      countsTowardKeep[r] = 1;
      qualifying++;
    }
    if (excluded.has(name) || holdsPlaceholder(messages[m] as Message, results.block[r] as number, settings.placeholder)) continue;
    if (!counts.fixed(s + m)) return undefined;
    const resultTokens = share(m, results.chars[r] as number);
    if (resultTokens <= placeholderTokens) continue;
    const e = candidates.length;
    candidates.push(r);
    position.push(before);
    holder.push(m);
    freed += resultTokens - placeholderTokens;
    const input = settings.clearToolInputs || inputsOf.has(name);
    caller.push(-1);
    clearsInput.push(input ? 1 : 0);
    if (input) {
      if (!counts.fixed(s + call)) return undefined;
      caller[e] = call;
      freed += share(call, callInputChars(messages[call] as Message, results.callBlock[r] as number));
    }
    sums.push(freed);
  }
  return { results, countsTowardKeep, candidates: Int32Array.from(candidates), position: Int32Array.from(position), clearsInput: Uint8Array.from(clearsInput), sums: Float64Array.from(sums), holds: groupByMessage(holder, analysis.count), calls: groupByMessage(caller, analysis.count) };
}
