/** Binary searches over the timeline's ascending `items` (message indices, with negative extra rows in between). */

/** First position whose message index is ≥ `value`; extra rows sort where they land, so they are skipped over. */
export function lowerBound(values: Int32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    // An extra row stands just before the message after it: compare that message instead.
    let probe = mid;
    while (probe < values.length && (values[probe] as number) < 0) probe++;
    const v = probe < values.length ? (values[probe] as number) : Infinity;
    if (v < value) lo = probe + 1;
    else hi = mid;
  }
  return lo;
}

/** Where message `index` sits in `items`, or -1 when it is not there. */
export function positionOf(items: Int32Array, index: number): number {
  if (index < 0) return -1;
  const at = lowerBound(items, index);
  for (let p = at; p < items.length; p++) {
    const v = items[p] as number;
    if (v === index) return p;
    if (v >= 0) return -1;
  }
  return -1;
}

/** First position whose value is > `value` (values ascending, no extra rows). */
export function upperBound(values: Int32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
