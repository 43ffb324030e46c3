import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import type { CheckedBound } from '../../plan/types';
import { UNIT_STATE } from './unit-state';

/** Importance's units as a plan leaves them. `guard`: 1 the last message's unit, 2 pinned, 0 neither. */
export interface ImportanceUnits {
  unitOf: Int32Array;
  unitSize: Int32Array;
  unitScore: Float64Array;
  unitTokens: Float64Array;
  /** Per unit: a `UNIT_STATE`. */
  state: Uint8Array;
  guard: Uint8Array;
  /** What the guarded units hold together. */
  guarded: { messages: number; tokens: number };
}

/**
 * Each message's fate and reason from what became of its unit, saying what really happened: a dropped unit scored
 * among the lowest only when every unit kept on its merits scored higher; one that scored above such a unit, or
 * that alone beside the guarded units would break a bound, was too large. Words for a tool group and for a lone
 * message differ.
 */
export function importanceReasons(plan: { fates: Uint8Array; reasons: Uint8Array }, units: ImportanceUnits, bound: CheckedBound): void {
  const { fates, reasons } = plan;
  const { unitOf, unitSize, unitScore, unitTokens, state, guard, guarded } = units;
  const count = fates.length;
  // The lowest-ranked unit (score, then id) kept on its merits, or -1.
  let lowestKept = -1;
  for (let u = 0; u < state.length; u++) {
    if (guard[u] !== 0 || state[u] === UNIT_STATE.dropped) continue;
    if (lowestKept < 0 || (unitScore[u] as number) < (unitScore[lowestKept] as number)) lowestKept = u;
  }
  const recentChosen = state.includes(UNIT_STATE.recent);
  const tooLarge = (u: number): boolean =>
    lowestKept >= 0
      ? (unitScore[u] as number) > (unitScore[lowestKept] as number) || (unitScore[u] === unitScore[lowestKept] && u > lowestKept)
      : guarded.messages + (unitSize[u] as number) > bound.maxTurns || guarded.tokens + (unitTokens[u] as number) > bound.maxTokens;
  // Decided per unit, then copied to its messages: a unit's messages share their fate and reason.
  const reasonOf = new Uint8Array(state.length);
  const fateOf = new Uint8Array(state.length);
  for (let u = 0; u < state.length; u++) {
    const alone = unitSize[u] === 1;
    const unitState = state[u] as number;
    if (guard[u] !== 0) reasonOf[u] = guard[u] === 1 ? REASON.lastGroup : REASON.pinned;
    else if (unitState === UNIT_STATE.dropped) {
      fateOf[u] = FATE.dropped;
      if (recentChosen) reasonOf[u] = REASON.olderThanRecentFit;
      else if (tooLarge(u)) reasonOf[u] = alone ? REASON.tooLargeMessage : REASON.tooLarge;
      else reasonOf[u] = alone ? REASON.lowScoreMessage : REASON.lowScore;
    } else if (unitState === UNIT_STATE.refilled) reasonOf[u] = REASON.refilled;
    else if (unitState === UNIT_STATE.recent) reasonOf[u] = REASON.recentFit;
    else reasonOf[u] = alone ? REASON.scoreMessage : REASON.score;
  }
  for (let i = 0; i < count; i++) {
    const u = unitOf[i] as number;
    reasons[i] = reasonOf[u] as number;
    fates[i] = fateOf[u] as number;
  }
  reasons[count - 1] = REASON.floor;
}
