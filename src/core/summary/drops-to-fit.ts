import { firstTrue } from '../plan/first-true';

/**
 * How many of each section's oldest lines `renderSummary`'s fit drops before the lines left fit in `room` tokens:
 * the drop that takes the oldest line of the section holding the most tokens (the last of those tied), again and
 * again, stopping at the first state whose kept lines cost at most `room` (all dropped when none does). `sums[s]`
 * is section s's lines oldest first as prefix sums of their tokens (from any start: only differences are read),
 * every line costing one token or more.
 *
 * Found without dropping a line at a time: a section's kept tokens fall with each drop, so the drops, taken in
 * order, are the sections' kept totals merged largest first, and the state after them is "every section down to at
 * most v tokens" for some level v. The level is found by binary search over v, each section's drops for it by
 * binary search over its sums (O(sections · log tokens · log lines)), and the ties at that level are dropped last
 * section first, as the one-at-a-time drop takes them.
 */
export function dropsToFit(sums: readonly ArrayLike<number>[], room: number): number[] {
  const lines = sums.map((sum) => sum.length - 1);
  // The sums' last entries: a section's kept tokens after d drops are its last entry less its d-th.
  const totals = sums.map((sum, s) => sum[lines[s] as number] as number);
  // Lines dropped for every section to keep at most `level` tokens.
  const dropsAt = (level: number): number[] =>
    sums.map((sum, s) => firstTrue(lines[s] as number, (d) => (totals[s] as number) - (sum[d] as number) <= level));
  const keptAt = (drops: readonly number[]): number => drops.reduce((kept, d, s) => kept + (totals[s] as number) - ((sums[s] as ArrayLike<number>)[d] as number), 0);
  const top = Math.max(0, ...totals.map((total, s) => total - ((sums[s] as ArrayLike<number>)[0] as number)));
  if (keptAt(dropsAt(top)) <= room) return dropsAt(top);
  // The lowest level whose state does not fit: one level lower fits, or nothing does (level 0 drops every line).
  const level = firstTrue(top + 1, (v) => keptAt(dropsAt(v)) > room);
  const drops = dropsAt(level);
  if (level === 0) return drops;
  let kept = keptAt(drops);
  for (let s = sums.length - 1; s >= 0 && kept > room; s--) {
    const d = drops[s] as number;
    const sum = sums[s] as ArrayLike<number>;
    if (d < (lines[s] as number) && (totals[s] as number) - (sum[d] as number) === level) {
      kept -= (sum[d + 1] as number) - (sum[d] as number);
      drops[s] = d + 1;
    }
  }
  return drops;
}
