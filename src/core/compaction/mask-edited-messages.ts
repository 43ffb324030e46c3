import type { Message } from '../types';
import type { StrategyPlan } from '../plan/types';
import { FATE } from '../plan/fate';
import { REASON } from '../plan/reason';
import { replaceToolBlocks, type BlockEdits } from './replace-tool-blocks';

/**
 * Marks, on a plan that keeps every message, the messages of `edits` masked (an old result cleared, or only a call's
 * input), takes off the `freed` tokens, and makes each replacement by `replaceToolBlocks`: the end every peer that
 * clears old tool results shares. Nothing to edit leaves the plan as it is.
 */
export function maskEditedMessages(plan: StrategyPlan, messages: readonly Message[], edits: ReadonlyMap<number, BlockEdits>, freed: number): void {
  if (edits.size === 0) return;
  for (const [m, edit] of edits) {
    plan.fates[m] = FATE.masked;
    plan.reasons[m] = (edit.results?.length ?? 0) > 0 ? REASON.oldResultCleared : REASON.oldInputCleared;
  }
  plan.masked = edits.size;
  plan.kept -= edits.size;
  plan.tokens -= freed;
  plan.replacement = (index) => {
    const edit = edits.get(index);
    if (edit === undefined) throw new RangeError(`${plan.strategy}: message ${index} is not masked in this plan`);
    return replaceToolBlocks(messages[index] as Message, edit);
  };
}
