import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import { importanceScore } from '../../scoring/importance-score';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { ImportanceSettings } from './plan-importance';
import type { SentRuns, SentShapes } from '../../requests/sent-types';
import { shapesFromRuns } from '../../requests/shapes-from-runs';
import { planRequestView } from '../../requests/plan-request-view';
import { runsFromItems } from '../../requests/runs-from-items';
import { BONUS_BUCKETS, buildImportanceIndex, type ImportanceIndex } from './importance-index';
import { createMinTree } from './create-min-tree';
import type { TurnCounts } from '../../requests/create-turn-counts';

/** Float slack on a unit's score bound, far above the rounding of `importanceScore` and far below any real gap. */
const SLACK = 1e-9;

/**
 * Importance, stateless, without ranking the whole history before every request. Importance keeps the guarded units
 * (the last message's) and the best of the rest, best first (ties: latest) while they fit: that is what
 * dropping units lowest first until the rest fit leaves. Under a token bound it then adds back, best first, the units
 * that still fit, and keeps the most recent messages that fit instead when they hold more (`planImportance`). Units
 * are drawn from bonus buckets in score order (`ImportanceIndex`); while adding back, each bucket skips at once to
 * its next unit that can fit (`MinTree` over the units' smallest counts). A request costs about what it keeps,
 * O(k log n), not O(n log n).
 *
 * Units are the context's (see `replayWindow` for why, and the fallback for requests inside a unit).
 */
export function replayImportance(context: ReplayContext, planner: ReplayPlanner<ImportanceSettings>): SentShapes {
  const { counts } = context;
  const { maxTurns, maxTokens } = planner.settings;
  let index: ImportanceIndex | undefined;
  let analysis: TranscriptAnalysis | undefined;
  let keep: ReturnType<typeof createKeeper> | undefined;
  let buffer = new Int32Array(0);
  // Units of the histories so far, in `byLast` order: each bucket's cursor counts its own among them.
  let taken = 0;
  let indexStart = -1;
  let cursor = new Int32Array(BONUS_BUCKETS);
  return shapesFromRuns(context, ({ request: r, start, end, turnStart }): SentRuns => {
    const n = end - start;
    const total = counts.sum(start, end, turnStart);
    let runs: SentRuns | undefined;
    if (n <= maxTurns && total <= maxTokens) {
      runs = { headTokens: 0, runs: n > 0 ? [start, end] : [], turnStart, total };
    } else {
      if (start !== indexStart) {
        analysis = context.segment(start);
        index = buildImportanceIndex(analysis);
        keep = createKeeper(analysis, index, counts, start);
        buffer = new Int32Array(analysis.count);
        taken = 0;
        indexStart = start;
        cursor = index.bucketStart.slice(0, BONUS_BUCKETS);
      }
      const segment = analysis as TranscriptAnalysis;
      if (segment.cutAtOrBefore[n] === n) {
        const idx = index as ImportanceIndex;
        // Each bucket's units of this history: those ending before it (histories only grow within a context).
        for (; taken < idx.byLast.length && (idx.last[idx.byLast[taken] as number] as number) < n; taken++) {
          const k = idx.bucketOf[idx.byLast[taken] as number] as number;
          cursor[k] = (cursor[k] as number) + 1;
        }
        const { kept, tokens } = (keep as ReturnType<typeof createKeeper>)({ cursor, n, turnStart, maxTurns, maxTokens });
        runs = { headTokens: 0, runs: runsOf(kept, idx, start, buffer), turnStart, total: tokens };
      } else {
        runs = runsFromItems(planRequestView(context, planner, r), turnStart);
        if (runs === undefined) throw new Error(`replayImportance: the plan for request ${r} is not runs of messages`);
      }
    }
    return runs;
  });
}

interface KeepRequest {
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
function createKeeper(analysis: TranscriptAnalysis, index: ImportanceIndex, counts: TurnCounts, start: number) {
  const { unitOf, unitSize, hasToolBlock, textLength, cutAtOrAfter } = analysis;
  const { memberStart, members, last, bucketStart, bucketUnits, bucketBonus } = index;
  const units = unitSize.length;
  const buckets: number[] = [];
  for (let k = 0; k < BONUS_BUCKETS; k++) if ((bucketStart[k + 1] as number) > (bucketStart[k] as number)) buckets.push(k);
  // Per unit, its tokens when its turn has begun (`full`) and in a later turn (`early`), summed as `tokensOf` sums
  // them, so a request reads one of them unless its turn began inside the unit; and the fewest it can count in any
  // request (each member at its smaller count), so adding back skips what cannot fit.
  const full = new Float64Array(units);
  const early = new Float64Array(units);
  const least = new Float64Array(units);
  // Integer counts from an integer prefix sum add up exactly in any order (below 2⁵³): then the best suffix is found
  // on the prefix sums, in O(log n).
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
  integral &&= Math.max(counts.sum(0, start + analysis.count, 0), counts.sum(0, start + analysis.count, Infinity)) < Number.MAX_SAFE_INTEGER;
  // Per bucket position: its unit's fewest tokens.
  const leastTokens = new Float64Array(units);
  for (let p = 0; p < units; p++) leastTokens[p] = least[bucketUnits[p] as number] as number;
  const fitting = createMinTree(leastTokens);
  // And the fewest among a bucket's units up to each position: a bucket with none that fits is left in O(1), without
  // a search of the tree (while adding back, most buckets hold nothing small enough).
  const fewestUpTo = new Float64Array(units);
  for (let k = 0; k < BONUS_BUCKETS; k++) {
    let fewest = Infinity;
    for (let p = bucketStart[k] as number; p < (bucketStart[k + 1] as number); p++) fewestUpTo[p] = fewest = Math.min(fewest, leastTokens[p] as number);
  }
  const next = new Int32Array(BONUS_BUCKETS);
  const bound = new Float64Array(BONUS_BUCKETS);
  const score = new Float64Array(units);
  const guarded = new Uint8Array(units);
  const listed = new Int32Array(units);
  let stamp = 0;
  // Two binary heaps, of buckets by `bound` (highest first) and of drawn units by `score` (highest, then latest, first).
  const bucketHeap = new Int32Array(BONUS_BUCKETS);
  let bucketCount = 0;
  const candidates = new Int32Array(units);
  let candidateCount = 0;

  // The request being kept.
  let n = 0;
  /** 0.5 / n: a bound's recency per message index (a few ulps from `importanceScore`'s, far inside `SLACK`). */
  let recency = 0;
  let turn = 0;
  let maxTurns = Infinity;
  let maxTokens = Infinity;
  let kept: number[] = [];
  let keptMessages = 0;
  let keptTokens = 0;
  let refills = false;

  /** Unit u's tokens in this request: its earlier-turn count before the turn, its full one from it. */
  const tokensOf = (u: number): number => {
    const from = memberStart[u] as number;
    if ((members[from] as number) >= turn) return full[u] as number;
    if ((last[u] as number) < turn) return early[u] as number;
    let sum = 0;
    for (let m = from; m < (memberStart[u + 1] as number); m++) sum += counts.count(start + (members[m] as number), start + turn);
    return sum;
  };

  const siftBucket = (at: number): void => {
    const k = bucketHeap[at] as number;
    const key = bound[k] as number;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= bucketCount) break;
      if (child + 1 < bucketCount && (bound[bucketHeap[child + 1] as number] as number) > (bound[bucketHeap[child] as number] as number)) child++;
      if ((bound[bucketHeap[child] as number] as number) <= key) break;
      bucketHeap[at] = bucketHeap[child] as number;
      at = child;
    }
    bucketHeap[at] = k;
  };
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
    bound[k] = (last[bucketUnits[position] as number] as number) * recency + (bucketBonus[k] as number) + SLACK;
    return true;
  };
  /** Bucket k's last unit at or before `position` that can fit what room is left, while adding back. */
  const fitAtOrBefore = (k: number, position: number): number => {
    const room = maxTokens - keptTokens;
    if (position < (bucketStart[k] as number) || (fewestUpTo[position] as number) > room) return -1;
    return (leastTokens[position] as number) <= room ? position : fitting.lastAtMost(bucketStart[k] as number, position, room);
  };

  /**
   * Keeps units best first while they fit; adding back (`refilling`), skips those that do not instead of stopping.
   * While adding back, a bucket is searched for a unit that fits only when it comes to the top with one that does not
   * (the room only shrinks, and a unit earlier in a bucket has a lower bound, so its bound stays a bound meanwhile).
   */
  const fill = (refilling: boolean): void => {
    heapifyBuckets();
    for (;;) {
      const ceiling = bucketCount > 0 ? (bound[bucketHeap[0] as number] as number) : -Infinity;
      if (candidateCount > 0 && (score[candidates[0] as number] as number) > ceiling) {
        const u = popCandidate();
        const tokens = tokensOf(u);
        if (keptMessages + (unitSize[u] as number) > maxTurns || keptTokens + tokens > maxTokens) {
          if (!refills || keptMessages >= maxTurns) return;
          if (!refilling) {
            // Most buckets hold nothing small enough for the room left: one pass leaves them, before any is sifted.
            refilling = true;
            const room = maxTokens - keptTokens;
            let size = 0;
            for (let at = 0; at < bucketCount; at++) {
              const k = bucketHeap[at] as number;
              if ((fewestUpTo[next[k] as number] as number) <= room) bucketHeap[size++] = k;
            }
            bucketCount = size;
            heapifyBuckets();
          }
          continue;
        }
        kept.push(u);
        keptMessages += unitSize[u] as number;
        keptTokens += tokens;
        continue;
      }
      if (bucketCount === 0) return;
      const k = bucketHeap[0] as number;
      const position = next[k] as number;
      if (refilling && (leastTokens[position] as number) > maxTokens - keptTokens) {
        if (!head(k, fitAtOrBefore(k, position - 1))) bucketHeap[0] = bucketHeap[--bucketCount] as number;
        if (bucketCount > 0) siftBucket(0);
        continue;
      }
      const u = bucketUnits[position] as number;
      if (!head(k, position - 1)) bucketHeap[0] = bucketHeap[--bucketCount] as number;
      if (bucketCount > 0) siftBucket(0);
      if (guarded[u] === 1) continue;
      let best = -Infinity;
      for (let m = memberStart[u] as number; m < (memberStart[u + 1] as number); m++) {
        const j = members[m] as number;
        const s = importanceScore(j, n, hasToolBlock[j] === 1, textLength[j] as number);
        if (s > best) best = s;
      }
      score[u] = best;
      pushCandidate(u);
    }
  };

  /**
   * The most recent messages that fit beside the guarded unit, cut where no unit is split (`bestFittingSuffix`): the
   * cut, or -1. The suffix from a valid cut holds the guarded unit whole, so its tokens are a range sum; and as they
   * only grow as the cut moves earlier, the earliest that fits is found by halving.
   */
  const bestSuffix = (guard: number, guardedMessages: number, guardedTokens: number): { cut: number; messages: number; tokens: number } => {
    let cut = -1;
    let cutMessages = 0;
    let cutTokens = 0;
    if (integral) {
      const sum = (i: number): number => counts.sum(start + i, start + n, start + turn);
      let low = Math.max(0, n - maxTurns);
      let high = n;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (sum(middle) <= maxTokens) high = middle;
        else low = middle + 1;
      }
      const valid = cutAtOrAfter[low] as number;
      if (valid <= (members[memberStart[guard] as number] as number)) [cut, cutMessages, cutTokens] = [valid, n - valid, sum(valid)];
      return { cut, messages: cutMessages, tokens: cutTokens };
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
    return { cut, messages: cutMessages, tokens: cutTokens };
  };

  return function keep(request: KeepRequest): { kept: number[]; tokens: number } {
    const { cursor } = request;
    ({ n, maxTurns, maxTokens } = request);
    recency = 0.5 / n;
    turn = request.turnStart - start;
    // The last message's unit is always kept (pins never reach a fast replay: see `ReplayHooks`).
    const guard = unitOf[n - 1] as number;
    kept = [];
    keptMessages = 0;
    keptTokens = 0;
    if (guarded[guard] !== 1) {
      guarded[guard] = 1;
      kept.push(guard);
      keptMessages += unitSize[guard] as number;
      keptTokens += tokensOf(guard);
    }
    const guardedUnits = kept.length;
    const guardedMessages = keptMessages;
    const guardedTokens = keptTokens;
    refills = maxTokens !== Infinity;

    bucketCount = 0;
    candidateCount = 0;
    for (const k of buckets) if (head(k, (cursor[k] as number) - 1)) bucketHeap[bucketCount++] = k;
    fill(false);

    if (refills) {
      const recent = bestSuffix(guard, guardedMessages, guardedTokens);
      if (recent.cut >= 0 && recent.tokens > keptTokens) {
        const { cut } = recent;
        kept = kept.slice(0, guardedUnits);
        stamp++;
        for (const u of kept) listed[u] = stamp;
        for (let i = cut; i < n; i++) {
          const u = unitOf[i] as number;
          if (listed[u] !== stamp) {
            listed[u] = stamp;
            kept.push(u);
          }
        }
        keptMessages = recent.messages;
        keptTokens = recent.tokens;
        // Then the older units that fit, best first: in each bucket, those ending before the cut.
        bucketCount = 0;
        candidateCount = 0;
        for (const k of buckets) {
          let low = bucketStart[k] as number;
          let high = (cursor[k] as number) - 1;
          while (low <= high) {
            const middle = (low + high) >> 1;
            if ((last[bucketUnits[middle] as number] as number) < cut) low = middle + 1;
            else high = middle - 1;
          }
          if (head(k, fitAtOrBefore(k, high))) bucketHeap[bucketCount++] = k;
        }
        fill(true);
      }
    }
    guarded[guard] = 0;
    return { kept, tokens: keptTokens };
  };
}

/** Transcript messages of the kept units, as ascending runs (`buffer` is scratch space, one slot per message). */
function runsOf(kept: readonly number[], index: ImportanceIndex, start: number, buffer: Int32Array): number[] {
  const { memberStart, members } = index;
  let size = 0;
  for (const u of kept) for (let m = memberStart[u] as number; m < (memberStart[u + 1] as number); m++) buffer[size++] = start + (members[m] as number);
  const sent = buffer.subarray(0, size).sort();
  const runs: number[] = [];
  for (let k = 0; k < size; k++) {
    const i = sent[k] as number;
    if (runs.length > 0 && runs[runs.length - 1] === i) runs[runs.length - 1] = i + 1;
    else runs.push(i, i + 1);
  }
  return runs;
}
