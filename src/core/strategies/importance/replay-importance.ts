import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { ImportanceSettings } from './plan-importance';
import type { SentRuns, SentShapes } from '../../requests/sent-types';
import { shapesFromRuns } from '../../requests/shapes-from-runs';
import { planRequestView } from '../../requests/plan-request-view';
import { runsFromItems } from '../../requests/runs-from-items';
import { BONUS_BUCKETS, buildImportanceIndex, type ImportanceIndex } from './importance-index';
import { createImportanceKeeper, type KeepRequest } from './create-importance-keeper';

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
  let keeper: ReturnType<typeof createImportanceKeeper> | undefined;
  let buffer = new Int32Array(0);
  // Whether every unit of the context is a run of messages (in agents' transcripts, all but broken ones).
  let runsOnly = false;
  // Units of the histories so far, in `byLast` order: each bucket's cursor counts its own among them.
  let taken = 0;
  let indexStart = -1;
  let cursor = new Int32Array(BONUS_BUCKETS);
  const request: KeepRequest = { cursor, n: 0, turnStart: 0, maxTurns, maxTokens };
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
        keeper = createImportanceKeeper(analysis, index, counts, start);
        buffer = new Int32Array(analysis.count);
        runsOnly = isEveryUnitARun(index);
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
        const { keep, kept, tokens } = keeper as ReturnType<typeof createImportanceKeeper>;
        request.cursor = cursor;
        request.n = n;
        request.turnStart = turnStart;
        const count = keep(request);
        runs = { headTokens: 0, runs: runsOf(kept, count, idx, start, buffer, runsOnly), turnStart, total: tokens() };
      } else {
        runs = runsFromItems(planRequestView(context, planner, r), turnStart);
        if (runs === undefined) throw new Error(`replayImportance: the plan for request ${r} is not runs of messages`);
      }
    }
    return runs;
  });
}

/**
 * Transcript messages of the kept units, as ascending runs (`buffer` is scratch space, one slot per message). When
 * every unit is a run, the units are sorted (about half as many as their messages) and each gives its run whole.
 */
function runsOf(kept: Int32Array, count: number, index: ImportanceIndex, start: number, buffer: Int32Array, runsOnly: boolean): number[] {
  const { memberStart, members, last } = index;
  const runs: number[] = [];
  const extend = (from: number, to: number): void => {
    if (runs.length > 0 && runs[runs.length - 1] === from) runs[runs.length - 1] = to;
    else runs.push(from, to);
  };
  if (runsOnly) {
    for (let k = 0; k < count; k++) buffer[k] = kept[k] as number;
    const units = buffer.subarray(0, count).sort();
    for (let k = 0; k < units.length; k++) {
      const u = units[k] as number;
      extend(start + (members[memberStart[u] as number] as number), start + (last[u] as number) + 1);
    }
    return runs;
  }
  let size = 0;
  for (let k = 0; k < count; k++) {
    const u = kept[k] as number;
    for (let m = memberStart[u] as number; m < (memberStart[u + 1] as number); m++) buffer[size++] = start + (members[m] as number);
  }
  const sent = buffer.subarray(0, size).sort();
  for (let k = 0; k < size; k++) extend(sent[k] as number, (sent[k] as number) + 1);
  return runs;
}

/** Whether each unit's members are consecutive messages. */
function isEveryUnitARun(index: ImportanceIndex): boolean {
  const { memberStart, members, last } = index;
  for (let u = 0; u + 1 < memberStart.length; u++) {
    if ((last[u] as number) - (members[memberStart[u] as number] as number) !== (memberStart[u + 1] as number) - (memberStart[u] as number) - 1) return false;
  }
  return true;
}
