import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import { importanceScore } from '../../scoring/importance-score';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { ImportanceSettings } from './plan-importance';
import type { SentRuns, SentShapes } from '../../requests/sent-types';
import { shapesFromRuns } from '../../requests/shapes-from-runs';
import { planRequestView } from '../../requests/plan-request-view';
import { runsFromItems } from '../../requests/runs-from-items';
import { BONUS_BUCKETS, buildImportanceIndex, type ImportanceIndex } from './importance-index';

/** Float slack on a unit's score bound, far above the rounding of `importanceScore` and far below any real gap. */
const SLACK = 1e-9;

/**
 * Importance, stateless, without ranking the whole history before every request. Importance drops units lowest
 * score first (ties: earliest) until the rest fit, never the last message's unit or a pinned one; the units it keeps
 * are therefore the best ones, taken best first (ties: latest) while they fit. Those are drawn from bonus buckets in
 * score order (`ImportanceIndex`), so a request costs about what it keeps, O(k log k), not O(n log n).
 *
 * Units are the context's (see `replayWindow` for why, and the fallback for requests inside a unit).
 */
export function replayImportance(context: ReplayContext, planner: ReplayPlanner<ImportanceSettings>): SentShapes {
  const { counts } = context;
  const { maxTurns, maxTokens } = planner.settings;
  const { pinned } = planner.settings;
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
        keep = createKeeper(analysis, index);
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
        const tokensOf = (u: number): number => {
          let sum = 0;
          for (let m = idx.memberStart[u] as number; m < (idx.memberStart[u + 1] as number); m++) sum += counts.count(start + (idx.members[m] as number), turnStart);
          return sum;
        };
        const { kept, tokens } = (keep as ReturnType<typeof createKeeper>)(cursor, n, tokensOf, pinned, start, maxTurns, maxTokens);
        runs = { headTokens: 0, runs: runsOf(kept, idx, start, buffer), turnStart, total: tokens };
      } else {
        runs = runsFromItems(planRequestView(context, planner, r), turnStart);
        if (runs === undefined) throw new Error(`replayImportance: the plan for request ${r} is not runs of messages`);
      }
    }
    return runs;
  });
}

/**
 * The units importance keeps in a history of `n` messages: the guarded ones (the last message's, pinned ones) and
 * then the best of the rest, best first, while they fit. Buckets are drawn through a heap keyed by the bound of
 * their next unit; a drawn unit waits in a second heap until no bucket can hold a better one. Arrays are allocated
 * once per context and reused by every request.
 */
function createKeeper(analysis: TranscriptAnalysis, index: ImportanceIndex) {
  const { unitOf, unitSize, hasToolBlock, textLength } = analysis;
  const { memberStart, members, last, bucketStart, bucketUnits, bucketBonus } = index;
  const units = unitSize.length;
  const buckets: number[] = [];
  for (let k = 0; k < BONUS_BUCKETS; k++) if ((bucketStart[k + 1] as number) > (bucketStart[k] as number)) buckets.push(k);
  const next = new Int32Array(BONUS_BUCKETS);
  const bound = new Float64Array(BONUS_BUCKETS);
  const score = new Float64Array(units);
  const guarded = new Uint8Array(units);
  const bucketHeap: number[] = [];
  const candidates: number[] = [];
  const higher = (a: number, b: number): boolean => (bound[a] as number) > (bound[b] as number);
  const better = (a: number, b: number): boolean => (score[a] as number) > (score[b] as number) || ((score[a] as number) === (score[b] as number) && a > b);

  return function keep(
    cursor: Int32Array,
    n: number,
    tokensOf: (u: number) => number,
    pinned: readonly number[],
    start: number,
    maxTurns: number,
    maxTokens: number,
  ): { kept: number[]; tokens: number } {
    const guard = [unitOf[n - 1] as number];
    for (const p of pinned) if (Number.isInteger(p) && p - start >= 0 && p - start < n) guard.push(unitOf[p - start] as number);
    const kept: number[] = [];
    let keptMessages = 0;
    let keptTokens = 0;
    for (const u of guard) {
      if (guarded[u] === 1) continue;
      guarded[u] = 1;
      kept.push(u);
      keptMessages += unitSize[u] as number;
      keptTokens += tokensOf(u);
    }
    bucketHeap.length = 0;
    candidates.length = 0;
    for (const k of buckets) {
      next[k] = (cursor[k] as number) - 1;
      if ((next[k] as number) >= (bucketStart[k] as number)) {
        bound[k] = (0.5 * (last[bucketUnits[next[k] as number] as number] as number)) / n + (bucketBonus[k] as number) + SLACK;
        bucketHeap.push(k);
      }
    }
    heapify(bucketHeap, higher);
    for (;;) {
      const ceiling = bucketHeap.length > 0 ? (bound[bucketHeap[0] as number] as number) : -Infinity;
      if (candidates.length > 0 && (score[candidates[0] as number] as number) > ceiling) {
        const u = pop(candidates, better);
        const tokens = tokensOf(u);
        if (keptMessages + (unitSize[u] as number) > maxTurns || keptTokens + tokens > maxTokens) break;
        kept.push(u);
        keptMessages += unitSize[u] as number;
        keptTokens += tokens;
        continue;
      }
      if (bucketHeap.length === 0) break;
      const k = bucketHeap[0] as number;
      const u = bucketUnits[next[k] as number] as number;
      next[k] = (next[k] as number) - 1;
      if ((next[k] as number) >= (bucketStart[k] as number)) {
        bound[k] = (0.5 * (last[bucketUnits[next[k] as number] as number] as number)) / n + (bucketBonus[k] as number) + SLACK;
        siftDown(bucketHeap, 0, higher);
      } else pop(bucketHeap, higher);
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
    for (const u of guard) guarded[u] = 0;
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
