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
  const count = sums.length;
  const lines = new Array<number>(count);
  // The sums' last entries: a section's kept tokens after d drops are its last entry less its d-th.
  const totals = new Array<number>(count);
  let top = 0;
  let all = 0;
  for (let s = 0; s < count; s++) {
    const sum = sums[s] as ArrayLike<number>;
    const n = sum.length - 1;
    lines[s] = n;
    totals[s] = sum[n] as number;
    const whole = (sum[n] as number) - (sum[0] as number);
    all += whole;
    if (whole > top) top = whole;
  }
  if (all <= room) return new Array<number>(count).fill(0);
  // Each section's drops to keep at most `level` tokens, into `into`; the tokens kept. The searches are written out:
  // a replay fits a summary per request, and a closure per section per probe was most of this function's cost.
  const dropsAt = (level: number, into: number[]): number => {
    let kept = 0;
    for (let s = 0; s < count; s++) {
      const sum = sums[s] as ArrayLike<number>;
      const total = totals[s] as number;
      let low = 0;
      let high = lines[s] as number;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (total - (sum[mid] as number) <= level) high = mid;
        else low = mid + 1;
      }
      into[s] = low;
      kept += total - (sum[low] as number);
    }
    return kept;
  };
  // The lowest level whose state does not fit: one level lower fits, or nothing does (level 0 drops every line). At
  // level `top` nothing is dropped and everything is more than the room, so the level is at most `top`, and the search
  // set its bound last at a probe of the level itself: that probe's drops are the answer's.
  let drops = new Array<number>(count);
  let probe = new Array<number>(count);
  let kept = all;
  let low = 0;
  let high = top;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const keptAtMid = dropsAt(mid, probe);
    if (keptAtMid > room) {
      high = mid;
      kept = keptAtMid;
      const held = drops;
      drops = probe;
      probe = held;
    } else low = mid + 1;
  }
  const level = low;
  if (level === top) drops.fill(0);
  if (level === 0) return drops;
  for (let s = count - 1; s >= 0 && kept > room; s--) {
    const d = drops[s] as number;
    const sum = sums[s] as ArrayLike<number>;
    if (d < (lines[s] as number) && (totals[s] as number) - (sum[d] as number) === level) {
      kept -= (sum[d + 1] as number) - (sum[d] as number);
      drops[s] = d + 1;
    }
  }
  return drops;
}
