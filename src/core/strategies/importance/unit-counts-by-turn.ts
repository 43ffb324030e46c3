import type { TurnCounts } from '../../requests/create-turn-counts';
import type { ImportanceIndex } from './importance-index';

/** A context's units' token counts, for importance's replay (`createImportanceKeeper`). */
export interface UnitCounts {
  /** Per unit: its tokens in a request whose turn began at or before it. */
  full: Float64Array;
  /** Per unit: its tokens in a request whose turn began after it (earlier-turn counts). */
  early: Float64Array;
  /** Per unit: the fewest it counts in any request (each member at its smaller count). */
  least: Float64Array;
  /**
   * Whether every count is a non-negative integer and every prefix sum of the transcript's counts an integer below
   * 2⁵³: then sums in any order are exact, and a range's tokens may be read off the prefix sums.
   */
  integral: boolean;
}

/**
 * Each unit's tokens, summed member by member in ascending order as the replay would sum them per request, so a
 * request reads one of them unless its turn began inside the unit. `start`: the context's first message, where
 * message j of the context is `start + j` of `counts`; `count`: the context's messages.
 */
export function unitCountsByTurn(index: ImportanceIndex, counts: TurnCounts, start: number, count: number): UnitCounts {
  const { memberStart, members } = index;
  const units = memberStart.length - 1;
  const full = new Float64Array(units);
  const early = new Float64Array(units);
  const least = new Float64Array(units);
  let integral = Number.isInteger(counts.sum(0, start, 0)) && Number.isInteger(counts.sum(0, start, Infinity));
  for (let u = 0; u < units; u++) {
    let inTurn = 0;
    let later = 0;
    let fewest = 0;
    for (let m = memberStart[u] as number; m < (memberStart[u + 1] as number); m++) {
      const a = counts.count(start + (members[m] as number), 0);
      const b = counts.count(start + (members[m] as number), Infinity);
      inTurn += a;
      later += b;
      fewest += Math.min(a, b);
      if (!(Number.isInteger(a) && Number.isInteger(b) && a >= 0 && b >= 0)) integral = false;
    }
    full[u] = inTurn;
    early[u] = later;
    least[u] = fewest;
  }
  integral &&= Math.max(counts.sum(0, start + count, 0), counts.sum(0, start + count, Infinity)) < Number.MAX_SAFE_INTEGER;
  return { full, early, least, integral };
}
