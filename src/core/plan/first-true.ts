/**
 * The first j in 0…n for which `holds(j)` is true (`n` when none is), for a `holds` that never turns false again once
 * true as j grows (a cut that keeps less, a prefix sum that grows). O(log n) calls. Every binary search over a cut,
 * a prefix sum or a sorted index in the strategies and their replays is this one, but for the summary's fit
 * (`summary/drops-to-fit.ts`), written out on purpose: a closure per section per probe was most of its cost.
 */
export function firstTrue(n: number, holds: (j: number) => boolean): number {
  let low = 0;
  let high = n;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (holds(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}
