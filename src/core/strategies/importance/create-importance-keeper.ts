import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import { RECENCY_WEIGHT } from '../../scoring/importance-weights';
import type { TurnCounts } from '../../requests/create-turn-counts';
import { BONUS_BUCKETS, type ImportanceIndex } from './importance-index';
import { createMinTree } from './create-min-tree';
import { firstTrue } from '../../plan/first-true';
import { unitCountsByTurn } from './unit-counts-by-turn';
import { bucketPositionFigures } from './bucket-position-figures';

/** Float slack on a unit's score bound, far above the rounding of `importanceScore` and far below any real gap. */
const SLACK = 1e-9;

export interface KeepRequest {
  /** Per bucket: one past its last unit in this history. */
  cursor: Int32Array;
  /** The history's length. */
  n: number;
  /** Where this request's turn began, as an index of the context (messages before it count their earlier-turn tokens). */
  turnStart: number;
  maxTurns: number;
  maxTokens: number;
}

/**
 * The units importance keeps in a history of `n` messages. Buckets are drawn through a heap keyed by the bound of
 * their next unit; a drawn unit waits in a second heap until no bucket can hold a better one. Everything is
 * allocated once per context and reused by every request (a request draws about a hundred units at 100k messages,
 * so what a request would allocate, closures included, costs as much as the drawing). `counts`: the context's
 * counts, message j of the context at `start + j`.
 */
export function createImportanceKeeper(analysis: TranscriptAnalysis, index: ImportanceIndex, counts: TurnCounts, start: number) {
  const { unitOf, unitSize, cutAtOrAfter } = analysis;
  const { memberStart, members, last, bucketStart, bucketUnits, bucketBonus, memberParts } = index;
  const units = unitSize.length;
  const buckets: number[] = [];
  for (let k = 0; k < BONUS_BUCKETS; k++) if ((bucketStart[k + 1] as number) > (bucketStart[k] as number)) buckets.push(k);
  // Integer counts add up exactly in any order: then the best suffix is found on the prefix sums, in O(log n).
  const { full, early, least, integral } = unitCountsByTurn(index, counts, start, analysis.count);
  const { leastTokens, lastAt, side } = bucketPositionFigures(index, least);
  const fitting = createMinTree(leastTokens);
  const next = new Int32Array(BONUS_BUCKETS);
  const bound = new Float64Array(BONUS_BUCKETS);
  const score = new Float64Array(units);
  const guarded = new Uint8Array(units);
  const listed = new Int32Array(units);
  let stamp = 0;
  // Two binary heaps, of buckets by `bound` (highest first) and of drawn units by `score` (highest, then latest, first).
  // The bucket heap holds each entry's bound beside it (`heapBound`): a sift compares without looking the bucket up.
  const bucketHeap = new Int32Array(BONUS_BUCKETS);
  const heapBound = new Float64Array(BONUS_BUCKETS);
  let bucketCount = 0;
  const candidates = new Int32Array(units);
  let candidateCount = 0;

  // The request being kept.
  let n = 0;
  /** 0.5 / n: a bound's recency per message index (a few ulps from `importanceScore`'s, far inside `SLACK`). */
  let recency = 0;
  let [turn, maxTurns, maxTokens, refills] = [0, Infinity, Infinity, false];
  // The units kept, in the order kept (no array per request: a request keeps about fifty units of a growing array).
  const kept = new Int32Array(units);
  let [keptCount, keptMessages, keptTokens] = [0, 0, 0];
  // The fewest tokens of any unit in the history: while adding back, a room below it ends the fill (with integer
  // counts, which round nowhere; else the fill goes on until the buckets are empty, as before).
  let historyLeast = 0;
  const roomless = (): boolean => integral && maxTokens - keptTokens < historyLeast;

  /** Unit u's tokens in this request: its earlier-turn count before the turn, its full one from it. */
  const tokensOf = (u: number): number => {
    const from = memberStart[u] as number;
    if ((members[from] as number) >= turn) return full[u] as number;
    if ((last[u] as number) < turn) return early[u] as number;
    let sum = 0;
    for (let m = from; m < (memberStart[u + 1] as number); m++) sum += counts.count(start + (members[m] as number), start + turn);
    return sum;
  };

  /** Sifts the entry at `at` down, by its bucket's bound (`heapBound` may be stale there: `head` just moved it). */
  const siftBucket = (at: number): void => {
    const k = bucketHeap[at] as number;
    const key = bound[k] as number;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= bucketCount) break;
      if (child + 1 < bucketCount && (heapBound[child + 1] as number) > (heapBound[child] as number)) child++;
      if ((heapBound[child] as number) <= key) break;
      bucketHeap[at] = bucketHeap[child] as number;
      heapBound[at] = heapBound[child] as number;
      at = child;
    }
    bucketHeap[at] = k;
    heapBound[at] = key;
  };
  // Bucket k appended to the heap's array (before `heapifyBuckets`); the top bucket removed.
  const addBucket = (k: number): number => (bucketHeap[bucketCount] = k, heapBound[bucketCount++] = bound[k] as number);
  const dropTop = (): number => (bucketHeap[0] = bucketHeap[--bucketCount] as number, heapBound[0] = heapBound[bucketCount] as number);
  const heapifyBuckets = (): void => {
    for (let at = (bucketCount >> 1) - 1; at >= 0; at--) siftBucket(at);
  };
  const better = (a: number, b: number): boolean => (score[a] as number) > (score[b] as number) || ((score[a] as number) === (score[b] as number) && a > b);
  const pushCandidate = (u: number): void => {
    let at = candidateCount++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const above = candidates[parent] as number;
      if (!better(u, above)) break;
      candidates[at] = above;
      at = parent;
    }
    candidates[at] = u;
  };
  const popCandidate = (): number => {
    const top = candidates[0] as number;
    const u = candidates[--candidateCount] as number;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= candidateCount) break;
      if (child + 1 < candidateCount && better(candidates[child + 1] as number, candidates[child] as number)) child++;
      if (!better(candidates[child] as number, u)) break;
      candidates[at] = candidates[child] as number;
      at = child;
    }
    candidates[at] = u;
    return top;
  };

  /** Sets bucket k's next unit to the one at `position`, or says there is none. */
  const head = (k: number, position: number): boolean => {
    if (position < (bucketStart[k] as number)) return false;
    next[k] = position;
    bound[k] = (side[3 * position] as number) * recency + (bucketBonus[k] as number) + SLACK;
    return true;
  };
  /** Bucket k's last unit at or before `position` that can fit what room is left, while adding back. */
  const fitAtOrBefore = (k: number, position: number): number => {
    const room = maxTokens - keptTokens;
    if (position < (bucketStart[k] as number) || (side[3 * position + 2] as number) > room) return -1;
    return (side[3 * position + 1] as number) <= room ? position : fitting.lastAtMost(bucketStart[k] as number, position, room);
  };

  /**
   * Keeps units best first while they fit; adding back (`refilling`), skips those that do not instead of stopping.
   * While adding back, a bucket is searched for a unit that fits only when it comes to the top with one that does not
   * (the room only shrinks, and a unit earlier in a bucket has a lower bound, so its bound stays a bound meanwhile).
   */
  const fill = (refilling: boolean): void => {
    if (refilling && roomless()) return;
    heapifyBuckets();
    for (;;) {
      const ceiling = bucketCount > 0 ? (heapBound[0] as number) : -Infinity;
      if (candidateCount > 0 && (score[candidates[0] as number] as number) > ceiling) {
        const u = popCandidate();
        const tokens = tokensOf(u);
        if (keptMessages + (unitSize[u] as number) > maxTurns || keptTokens + tokens > maxTokens) {
          if (!refills || keptMessages >= maxTurns) return;
          if (!refilling) {
            // Most buckets hold nothing small enough for the room left: one pass leaves them, before any is sifted.
            refilling = true;
            if (roomless()) return;
            const room = maxTokens - keptTokens;
            let size = 0;
            for (let at = 0; at < bucketCount; at++) {
              const k = bucketHeap[at] as number;
              if ((side[3 * (next[k] as number) + 2] as number) > room) continue;
              bucketHeap[size] = k;
              heapBound[size++] = heapBound[at] as number;
            }
            bucketCount = size;
            heapifyBuckets();
          }
          continue;
        }
        kept[keptCount++] = u;
        keptMessages += unitSize[u] as number;
        keptTokens += tokens;
        if (refilling && roomless()) return;
        continue;
      }
      if (bucketCount === 0) return;
      const k = bucketHeap[0] as number;
      const position = next[k] as number;
      if (refilling && (side[3 * position + 1] as number) > maxTokens - keptTokens) {
        if (!head(k, fitAtOrBefore(k, position - 1))) dropTop();
        if (bucketCount > 0) siftBucket(0);
        continue;
      }
      const u = bucketUnits[position] as number;
      if (!head(k, position - 1)) dropTop();
      if (bucketCount > 0) siftBucket(0);
      if (guarded[u] === 1) continue;
      let best = -Infinity;
      for (let m = 3 * (memberStart[u] as number); m < 3 * (memberStart[u + 1] as number); m += 3) {
        // `importanceScore`'s operations in its order: the same score to the bit.
        const s = ((memberParts[m] as number) / n) * RECENCY_WEIGHT + (memberParts[m + 1] as number) + (memberParts[m + 2] as number);
        if (s > best) best = s;
      }
      score[u] = best;
      pushCandidate(u);
    }
  };

  /**
   * The most recent messages that fit beside the guarded unit, cut where no unit is split (`bestFittingSuffix`): `cut`,
   * or -1. The suffix from a valid cut holds the guarded unit whole, so its tokens are a range sum; and as they only
   * grow as the cut moves earlier, the earliest that fits is found by halving.
   */
  const bestSuffix = (guard: number, guardedMessages: number, guardedTokens: number): void => {
    cut = -1;
    if (integral) {
      earliest = Math.max(0, n - maxTurns);
      const valid = cutAtOrAfter[earliest + firstTrue(n - earliest, suffixFits)] as number;
      if (valid > (members[memberStart[guard] as number] as number)) return;
      cut = valid;
      cutMessages = n - valid;
      cutTokens = suffixTokens(valid);
      return;
    }
    let messages = guardedMessages;
    let tokens = guardedTokens;
    for (let i = n - 1; i >= 0; i--) {
      if (guarded[unitOf[i] as number] === 0) {
        messages++;
        tokens += counts.count(start + i, start + turn);
      }
      if (messages > maxTurns || tokens > maxTokens) break;
      if (cutAtOrAfter[i] === i) [cut, cutMessages, cutTokens] = [i, messages, tokens];
    }
  };
  // The best suffix found (its first message, messages and tokens), and what the searches read: closures made once.
  let [cut, cutMessages, cutTokens, earliest, first] = [-1, 0, 0, 0, 0];
  const suffixTokens = (i: number): number => counts.sum(start + i, start + n, start + turn);
  const suffixFits = (j: number): boolean => suffixTokens(earliest + j) <= maxTokens;
  const endsAtOrAfterCut = (j: number): boolean => (lastAt[first + j] as number) >= cut;

  /** Keeps a request's units: their count, the units in `kept` and their tokens in `tokens()`. */
  const keep = (request: KeepRequest): number => {
    const { cursor } = request;
    ({ n, maxTurns, maxTokens } = request);
    recency = 0.5 / n;
    turn = request.turnStart - start;
    // The last message's unit is always kept (pins never reach a fast replay: see `ReplayHooks`).
    const guard = unitOf[n - 1] as number;
    keptCount = 0;
    keptMessages = 0;
    keptTokens = 0;
    if (guarded[guard] !== 1) {
      guarded[guard] = 1;
      kept[keptCount++] = guard;
      keptMessages += unitSize[guard] as number;
      keptTokens += tokensOf(guard);
    }
    const guardedUnits = keptCount;
    const guardedMessages = keptMessages;
    const guardedTokens = keptTokens;
    refills = maxTokens !== Infinity;

    bucketCount = 0;
    candidateCount = 0;
    historyLeast = Infinity;
    for (const k of buckets) {
      if (!head(k, (cursor[k] as number) - 1)) continue;
      addBucket(k);
      historyLeast = Math.min(historyLeast, side[3 * (cursor[k] as number) - 1] as number);
    }
    fill(false);

    if (refills) {
      bestSuffix(guard, guardedMessages, guardedTokens);
      if (cut >= 0 && cutTokens > keptTokens) {
        keptCount = guardedUnits;
        stamp++;
        for (let at = 0; at < keptCount; at++) listed[kept[at] as number] = stamp;
        for (let i = cut; i < n; i++) {
          const u = unitOf[i] as number;
          if (listed[u] !== stamp) {
            listed[u] = stamp;
            kept[keptCount++] = u;
          }
        }
        keptMessages = cutMessages;
        keptTokens = cutTokens;
        // Then the older units that fit, best first: in each bucket, those ending before the cut.
        bucketCount = 0;
        candidateCount = 0;
        for (const k of buckets) {
          first = bucketStart[k] as number;
          // The bucket's last unit ending before the cut (a bucket is ordered by last member).
          const before = first + firstTrue((cursor[k] as number) - first, endsAtOrAfterCut) - 1;
          if (head(k, fitAtOrBefore(k, before))) addBucket(k);
        }
        fill(true);
      }
    }
    guarded[guard] = 0;
    return keptCount;
  };
  return { keep, kept, tokens: (): number => keptTokens };
}
