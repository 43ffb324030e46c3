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
        keep = createKeeper(analysis, index, (j) => Math.min(counts.count(start + j, 0), counts.count(start + j, Infinity)));
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
        const countOf = (j: number): number => counts.count(start + j, turnStart);
        const { kept, tokens } = (keep as ReturnType<typeof createKeeper>)({ cursor, n, countOf, maxTurns, maxTokens });
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
  /** Message j's count in this request. */
  countOf: (j: number) => number;
  maxTurns: number;
  maxTokens: number;
}

/**
 * The units importance keeps in a history of `n` messages. Buckets are drawn through a heap keyed by the bound of
 * their next unit; a drawn unit waits in a second heap until no bucket can hold a better one. Arrays are allocated
 * once per context and reused by every request. `leastCount(j)`: message j's smallest count in any request.
 */
function createKeeper(analysis: TranscriptAnalysis, index: ImportanceIndex, leastCount: (j: number) => number) {
  const { unitOf, unitSize, hasToolBlock, textLength, cutAtOrBefore } = analysis;
  const { memberStart, members, last, bucketStart, bucketUnits, bucketBonus } = index;
  const units = unitSize.length;
  const buckets: number[] = [];
  for (let k = 0; k < BONUS_BUCKETS; k++) if ((bucketStart[k + 1] as number) > (bucketStart[k] as number)) buckets.push(k);
  // Per bucket position: the fewest tokens its unit can count, so adding back skips what cannot fit.
  const leastTokens = new Float64Array(units);
  for (let p = 0; p < units; p++) {
    const u = bucketUnits[p] as number;
    let sum = 0;
    for (let m = memberStart[u] as number; m < (memberStart[u + 1] as number); m++) sum += leastCount(members[m] as number);
    leastTokens[p] = sum;
  }
  const fitting = createMinTree(leastTokens);
  const next = new Int32Array(BONUS_BUCKETS);
  const bound = new Float64Array(BONUS_BUCKETS);
  const score = new Float64Array(units);
  const guarded = new Uint8Array(units);
  const listed = new Int32Array(units);
  let stamp = 0;
  const bucketHeap: number[] = [];
  const candidates: number[] = [];
  const higher = (a: number, b: number): boolean => (bound[a] as number) > (bound[b] as number);
  const better = (a: number, b: number): boolean => (score[a] as number) > (score[b] as number) || ((score[a] as number) === (score[b] as number) && a > b);

  return function keep({ cursor, n, countOf, maxTurns, maxTokens }: KeepRequest): { kept: number[]; tokens: number } {
    const tokensOf = (u: number): number => {
      let sum = 0;
      for (let m = memberStart[u] as number; m < (memberStart[u + 1] as number); m++) sum += countOf(members[m] as number);
      return sum;
    };
    // The last message's unit is always kept (pins never reach a fast replay: see `ReplayHooks`).
    const guard = unitOf[n - 1] as number;
    let kept: number[] = [];
    let keptMessages = 0;
    let keptTokens = 0;
    if (guarded[guard] !== 1) {
      guarded[guard] = 1;
      kept.push(guard);
      keptMessages += unitSize[guard] as number;
      keptTokens += tokensOf(guard);
    }
    const guardedUnits = kept.length;
    const guardedMessages = keptMessages;
    const guardedTokens = keptTokens;
    const refills = maxTokens !== Infinity;

    /** Sets bucket k's next unit to the one at `position`, or takes the bucket out when there is none. */
    const head = (k: number, position: number): boolean => {
      if (position < (bucketStart[k] as number)) return false;
      next[k] = position;
      bound[k] = (0.5 * (last[bucketUnits[position] as number] as number)) / n + (bucketBonus[k] as number) + SLACK;
      return true;
    };
    /** Bucket k's last unit at or before `position` that can fit what room is left, while adding back. */
    const fitAtOrBefore = (k: number, position: number): number => fitting.lastAtMost(bucketStart[k] as number, position, maxTokens - keptTokens);

    /** Keeps units best first while they fit; adding back (`refilling`), skips those that do not instead of stopping. */
    const fill = (refilling: boolean): void => {
      heapify(bucketHeap, higher);
      for (;;) {
        const ceiling = bucketHeap.length > 0 ? (bound[bucketHeap[0] as number] as number) : -Infinity;
        if (candidates.length > 0 && (score[candidates[0] as number] as number) > ceiling) {
          const u = pop(candidates, better);
          const tokens = tokensOf(u);
          if (keptMessages + (unitSize[u] as number) > maxTurns || keptTokens + tokens > maxTokens) {
            if (!refills || keptMessages >= maxTurns) return;
            if (!refilling) {
              refilling = true;
              let size = 0;
              for (const k of bucketHeap) if (head(k, fitAtOrBefore(k, next[k] as number))) bucketHeap[size++] = k;
              bucketHeap.length = size;
              heapify(bucketHeap, higher);
            }
            continue;
          }
          kept.push(u);
          keptMessages += unitSize[u] as number;
          keptTokens += tokens;
          continue;
        }
        if (bucketHeap.length === 0) return;
        const k = bucketHeap[0] as number;
        const u = bucketUnits[next[k] as number] as number;
        const after = (next[k] as number) - 1;
        if (head(k, refilling ? fitAtOrBefore(k, after) : after)) siftDown(bucketHeap, 0, higher);
        else pop(bucketHeap, higher);
        if (guarded[u] === 1) continue;
        let best = -Infinity;
        for (let m = memberStart[u] as number; m < (memberStart[u + 1] as number); m++) {
          const j = members[m] as number;
          const s = importanceScore(j, n, hasToolBlock[j] === 1, textLength[j] as number);
          if (s > best) best = s;
        }
        score[u] = best;
        push(candidates, u, better);
      }
    };

    bucketHeap.length = 0;
    candidates.length = 0;
    for (const k of buckets) if (head(k, (cursor[k] as number) - 1)) bucketHeap.push(k);
    fill(false);

    if (refills) {
      // The most recent messages that fit beside the guarded units, cut where no unit is split (`bestFittingSuffix`).
      let cut = -1;
      let cutMessages = 0;
      let cutTokens = 0;
      let messages = guardedMessages;
      let tokens = guardedTokens;
      for (let i = n - 1; i >= 0; i--) {
        if (guarded[unitOf[i] as number] === 0) {
          messages++;
          tokens += countOf(i);
        }
        if (messages > maxTurns || tokens > maxTokens) break;
        if (cutAtOrBefore[i] === i) [cut, cutMessages, cutTokens] = [i, messages, tokens];
      }
      if (cut >= 0 && cutTokens > keptTokens) {
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
        keptMessages = cutMessages;
        keptTokens = cutTokens;
        // Then the older units that fit, best first: in each bucket, those ending before the cut.
        bucketHeap.length = 0;
        candidates.length = 0;
        for (const k of buckets) {
          let low = bucketStart[k] as number;
          let high = (cursor[k] as number) - 1;
          while (low <= high) {
            const middle = (low + high) >> 1;
            if ((last[bucketUnits[middle] as number] as number) < cut) low = middle + 1;
            else high = middle - 1;
          }
          if (head(k, fitAtOrBefore(k, high))) bucketHeap.push(k);
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
  for (const i of sent) {
    if (runs.length > 0 && runs[runs.length - 1] === i) runs[runs.length - 1] = i + 1;
    else runs.push(i, i + 1);
  }
  return runs;
}

type Before = (a: number, b: number) => boolean;

function heapify(heap: number[], before: Before): void {
  for (let k = (heap.length >> 1) - 1; k >= 0; k--) siftDown(heap, k, before);
}

function push(heap: number[], value: number, before: Before): void {
  heap.push(value);
  let k = heap.length - 1;
  while (k > 0) {
    const parent = (k - 1) >> 1;
    if (!before(heap[k] as number, heap[parent] as number)) break;
    [heap[k], heap[parent]] = [heap[parent] as number, heap[k] as number];
    k = parent;
  }
}

function pop(heap: number[], before: Before): number {
  const top = heap[0] as number;
  const tail = heap.pop() as number;
  if (heap.length > 0) {
    heap[0] = tail;
    siftDown(heap, 0, before);
  }
  return top;
}

function siftDown(heap: number[], k: number, before: Before): void {
  for (;;) {
    const left = 2 * k + 1;
    if (left >= heap.length) return;
    const right = left + 1;
    const child = right < heap.length && before(heap[right] as number, heap[left] as number) ? right : left;
    if (!before(heap[child] as number, heap[k] as number)) return;
    [heap[k], heap[child]] = [heap[child] as number, heap[k] as number];
    k = child;
  }
}
