import type { TranscriptAnalysis } from '../plan/analyze-transcript';

/**
 * Per message, 1 when it is in the unit (tool group, glued to broken turns) of a pinned message: a pin holds its
 * message's whole unit, so a pinned call keeps its results and a pinned result its call. Out-of-range pins are ignored.
 */
export function pinnedUnits(analysis: Pick<TranscriptAnalysis, 'count' | 'unitOf'>, pinned: readonly number[]): Uint8Array {
  const { count, unitOf } = analysis;
  const units = new Set<number>();
  for (const index of pinned) if (Number.isInteger(index) && index >= 0 && index < count) units.add(unitOf[index] as number);
  const out = new Uint8Array(count);
  if (units.size > 0) for (let i = 0; i < count; i++) if (units.has(unitOf[i] as number)) out[i] = 1;
  return out;
}
