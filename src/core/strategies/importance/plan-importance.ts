import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { CheckedBound, StrategyPlan } from '../../plan/types';
import { emptyPlan } from '../../plan/empty-plan';
import { FATE } from '../../plan/fate';
import { lowestGroups } from './lowest-groups';
import { refillDropped } from './refill-dropped';
import { bestFittingSuffix } from './best-fitting-suffix';
import { importanceReasons } from './importance-reasons';
import { UNIT_STATE } from './unit-state';
import { unitTokens } from './unit-tokens';

export interface ImportanceSettings extends CheckedBound {
  pinned: readonly number[];
}

/**
 * Importance (seed 002 §5): drop whole units (tool groups; an orphan with its neighbours, see `glueBrokenTurns`),
 * lowest `unitScore` first (ties: earliest first), until at most `maxTurns` messages and `maxTokens` tokens remain.
 * The last message's group and pinned messages' groups are never dropped, so the result can stay over a bound when
 * they alone exceed it; the plan then says by how much.
 *
 * With `maxTokens`, the walk alone can keep almost nothing: a few large, high-scoring results outrank the small
 * recent messages, go last, and once they are gone so is everything else. So the budget is filled after the walk:
 * the dropped units that still fit are added back, best score first; and when the most recent messages that fit
 * would keep more tokens than that, those are kept instead (and the rest filled the same way). Importance thus never
 * keeps less than a token window would, and no unit it drops would still fit. A message bound alone is planned as
 * the seed says, the walk only (the Python port's behaviour).
 *
 * `explain: false` leaves every reason at "fits" (pruneMessages, which only applies the fates, spares the work).
 * `suffixTokens` is read past its first entry (the total) only under a token bound, to find the best suffix.
 * `unitTokens`, each unit's tokens, when the caller summed them already (the one-shot plan, in its one pass).
 *
 * Takes the analysis' full drop order when it has one (the inspector ranks once, then re-plans each bound in O(n));
 * otherwise picks just enough of the lowest groups through score buckets (one bound, no full sort).
 */
export function planImportance(
  analysis: Pick<TranscriptAnalysis, 'count' | 'unitOf' | 'unitSize' | 'unitFirst' | 'unitScore' | 'tokens' | 'suffixTokens'> &
    Partial<Pick<TranscriptAnalysis, 'dropOrder' | 'cutAtOrAfter'>> & { unitTokens?: Float64Array },
  settings: ImportanceSettings,
  explain = true,
): StrategyPlan<'importance'> {
  const { count, unitOf, unitSize, unitFirst, unitScore, tokens, suffixTokens, dropOrder, cutAtOrAfter } = analysis;
  const { maxTurns, maxTokens } = settings;
  const total = suffixTokens[0] as number;
  const plan = emptyPlan('importance', { maxTurns, maxTokens }, count, total);
  if (count === 0 || (count <= maxTurns && total <= maxTokens)) return plan;

  const units = unitSize.length;
  // 1: protected (the last message's unit), 2: pinned.
  const guard = new Uint8Array(units);
  guard[unitOf[count - 1] as number] = 1;
  let pinned = false;
  for (const index of settings.pinned) {
    if (Number.isInteger(index) && index >= 0 && index < count && guard[unitOf[index] as number] === 0) {
      guard[unitOf[index] as number] = 2;
      pinned = true;
    }
  }
  const tokensOf = analysis.unitTokens ?? unitTokens(unitOf, tokens, units);

  const order = dropOrder ?? lowestGroups(unitScore, unitSize, tokensOf, guard, Math.max(0, count - maxTurns), Math.max(0, total - maxTokens));
  const state = new Uint8Array(units);
  const refills = maxTokens !== Infinity;
  // The units the walk dropped, lowest first: what the refill may add back (a message bound alone never refills).
  const walked = new Int32Array(refills ? order.length : 0);
  let walkedCount = 0;
  let keptMessages = count;
  let keptTokens = total;
  for (let k = 0; k < order.length; k++) {
    if (keptMessages <= maxTurns && keptTokens <= maxTokens) break;
    const u = order[k] as number;
    if (guard[u] !== 0) continue;
    state[u] = UNIT_STATE.dropped;
    if (refills) walked[walkedCount++] = u;
    keptMessages -= unitSize[u] as number;
    keptTokens -= tokensOf[u] as number;
  }
  const guarded = { messages: 0, tokens: 0 };
  for (let u = 0; u < units; u++) {
    if (guard[u] === 0) continue;
    guarded.messages += unitSize[u] as number;
    guarded.tokens += tokensOf[u] as number;
  }

  if (refills && walkedCount > 0) {
    const added = refillDropped(walked.subarray(0, walkedCount), dropOrder !== undefined, state, unitScore, unitSize, tokensOf, maxTurns - keptMessages, maxTokens - keptTokens);
    keptMessages += added.messages;
    keptTokens += added.tokens;
    const recent = bestFittingSuffix({ count, unitOf, unitFirst, tokens, suffixTokens, ...(cutAtOrAfter ? { cutAtOrAfter } : {}), guard, guarded, pinned }, maxTurns, maxTokens);
    if (recent !== undefined && recent.tokens > keptTokens) {
      const older: number[] = [];
      for (let u = 0; u < units; u++) {
        if (guard[u] !== 0) state[u] = UNIT_STATE.kept;
        else if ((unitFirst[u] as number) >= recent.cut) state[u] = UNIT_STATE.recent;
        else {
          state[u] = UNIT_STATE.dropped;
          older.push(u);
        }
      }
      const more = refillDropped(older, false, state, unitScore, unitSize, tokensOf, maxTurns - recent.messages, maxTokens - recent.tokens);
      keptMessages = recent.messages + more.messages;
      keptTokens = recent.tokens + more.tokens;
    }
  }

  if (explain) importanceReasons(plan, { unitOf, unitSize, unitScore, unitTokens: tokensOf, state, guard, guarded }, settings);
  else {
    for (let i = 0; i < count; i++) if (state[unitOf[i] as number] === UNIT_STATE.dropped) plan.fates[i] = FATE.dropped;
  }
  plan.kept = keptMessages;
  plan.dropped = count - keptMessages;
  plan.tokens = keptTokens;
  if (keptTokens > maxTokens) {
    plan.over = { unit: 'tokens', by: keptTokens - maxTokens, why: overWhy(guard) };
  } else if (keptMessages > maxTurns) {
    plan.over = { unit: 'messages', by: keptMessages - maxTurns, why: overWhy(guard) };
  }
  return plan;
}

function overWhy(guard: Uint8Array): string {
  return guard.includes(2)
    ? "the last message's tool group and the pinned messages are never dropped, and they alone are over the bound"
    : "the last message's tool group is never dropped, and it alone is over the bound";
}
