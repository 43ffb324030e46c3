import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { CheckedBound, StrategyPlan } from '../../plan/types';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';
import { lowestGroups } from './lowest-groups';

export interface ImportanceSettings extends CheckedBound {
  pinned: readonly number[];
}

/**
 * Importance (seed 002 §5): drop whole units (tool groups; an orphan with its neighbours, see `glueBrokenTurns`), lowest `groupScore` first (ties: earliest first), until at most
 * `maxTurns` messages and `maxTokens` tokens remain. The last message's group and pinned messages' groups are never
 * dropped, so the result can stay over a bound when they alone exceed it; the plan then says by how much.
 *
 * Takes the analysis' full drop order when it has one (the inspector ranks once, then re-plans each bound in O(n));
 * otherwise picks just enough of the lowest groups through score buckets (one bound, no full sort).
 */
export function planImportance(
  analysis: Pick<TranscriptAnalysis, 'count' | 'unitOf' | 'unitSize' | 'unitScore' | 'tokens' | 'suffixTokens'> &
    Partial<Pick<TranscriptAnalysis, 'dropOrder'>>,
  settings: ImportanceSettings,
): StrategyPlan<'importance'> {
  const { count, unitOf: groupOf, unitSize: groupSize, unitScore: groupScore, tokens, suffixTokens, dropOrder } = analysis;
  const total = suffixTokens[0] as number;
  const plan = emptyPlan('importance', { maxTurns: settings.maxTurns, maxTokens: settings.maxTokens }, count, total);
  if (count === 0 || (count <= settings.maxTurns && total <= settings.maxTokens)) return plan;

  const groups = groupSize.length;
  // 1: protected (the last message's group), 2: pinned.
  const guard = new Uint8Array(groups);
  guard[groupOf[count - 1] as number] = 1;
  for (const index of settings.pinned) {
    if (Number.isInteger(index) && index >= 0 && index < count) guard[groupOf[index] as number] ||= 2;
  }
  const groupTokens = new Float64Array(groups);
  for (let i = 0; i < count; i++) groupTokens[groupOf[i] as number] = (groupTokens[groupOf[i] as number] as number) + (tokens[i] as number);

  const needMessages = Math.max(0, count - settings.maxTurns);
  const needTokens = Math.max(0, total - settings.maxTokens);
  const order = dropOrder ?? lowestGroups(groupScore, groupSize, groupTokens, guard, needMessages, needTokens);
  const dropped = new Uint8Array(groups);
  let keptMessages = count;
  let keptTokens = total;
  for (let k = 0; k < order.length; k++) {
    if (keptMessages <= settings.maxTurns && keptTokens <= settings.maxTokens) break;
    const g = order[k] as number;
    if (guard[g] !== 0) continue;
    dropped[g] = 1;
    keptMessages -= groupSize[g] as number;
    keptTokens -= groupTokens[g] as number;
  }
  for (let i = 0; i < count; i++) {
    const g = groupOf[i] as number;
    if (dropped[g] === 1) {
      plan.fates[i] = FATE.dropped;
      plan.reasons[i] = REASON.lowScore;
    } else {
      plan.reasons[i] = guard[g] === 1 ? (i === count - 1 ? REASON.floor : REASON.lastGroup) : guard[g] === 2 ? REASON.pinned : REASON.score;
    }
  }
  plan.kept = keptMessages;
  plan.dropped = count - keptMessages;
  plan.tokens = keptTokens;
  if (keptTokens > settings.maxTokens) {
    plan.over = { unit: 'tokens', by: keptTokens - settings.maxTokens, why: overWhy(guard) };
  } else if (keptMessages > settings.maxTurns) {
    plan.over = { unit: 'messages', by: keptMessages - settings.maxTurns, why: overWhy(guard) };
  }
  return plan;
}

function overWhy(guard: Uint8Array): string {
  return guard.includes(2)
    ? "the last message's tool group and the pinned messages are never dropped, and they alone are over the bound"
    : "the last message's tool group is never dropped, and it alone is over the bound";
}
