const BUCKETS = 4096;

/**
 * The first groups of importance's drop order, enough to drop `needMessages` messages and `needTokens` tokens,
 * without sorting every group: groups are counted into score buckets (floor(score · 4096), monotonic in the score),
 * every bucket below the one where both running totals are reached is taken whole, and only that boundary bucket is
 * sorted by (score, id). The greedy walk over the result then drops exactly what it would over the full order.
 * Guarded groups (never dropped) count toward nothing. O(n + k log k).
 */
export function lowestGroups(
  groupScore: Float64Array,
  groupSize: Int32Array,
  groupTokens: Float64Array,
  guard: Uint8Array,
  needMessages: number,
  needTokens: number,
): Int32Array {
  const total = groupScore.length;
  const messagesIn = new Float64Array(BUCKETS);
  const tokensIn = new Float64Array(BUCKETS);
  for (let g = 0; g < total; g++) {
    const bucket = bucketOf(groupScore[g] as number);
    if (guard[g] !== 0) continue;
    messagesIn[bucket] = (messagesIn[bucket] as number) + (groupSize[g] as number);
    tokensIn[bucket] = (tokensIn[bucket] as number) + (groupTokens[g] as number);
  }
  let boundary = 0;
  for (let messages = 0, tokens = 0; boundary < BUCKETS; boundary++) {
    messages += messagesIn[boundary] as number;
    tokens += tokensIn[boundary] as number;
    if (messages >= needMessages && tokens >= needTokens) break;
  }
  // Counted first, so the result is one typed array (no growing array for the collector to copy).
  let belowCount = 0;
  let atCount = 0;
  for (let g = 0; g < total; g++) {
    const bucket = bucketOf(groupScore[g] as number);
    if (bucket < boundary) belowCount++;
    else if (bucket === boundary) atCount++;
  }
  const order = new Int32Array(belowCount + atCount);
  let below = 0;
  let at = belowCount;
  for (let g = 0; g < total; g++) {
    const bucket = bucketOf(groupScore[g] as number);
    if (bucket < boundary) order[below++] = g;
    else if (bucket === boundary) order[at++] = g;
  }
  // The groups below the boundary are in id order, not score order; harmless, as the walk takes all of them before
  // reaching the boundary's, which are sorted.
  order.subarray(belowCount).sort((a, b) => (groupScore[a] as number) - (groupScore[b] as number) || a - b);
  return order;
}

/** A score's bucket, worked out again on each of the three passes: cheaper than a per-group array read back. */
function bucketOf(score: number): number {
  return Math.min(BUCKETS - 1, Math.floor(Math.min(Math.max(score, 0), 1) * BUCKETS));
}
