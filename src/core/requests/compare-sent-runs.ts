import type { TurnCounts } from './create-turn-counts';
import type { Continuation, SentRuns } from './sent-types';

/**
 * How `current` continues `previous` when both are a head and runs of transcript messages (see `SentRuns`): the
 * same answer as comparing their items one by one, in O(runs). Within a stretch both send, a message changes form
 * only when one request's turn began after it and the other's did not, and it counts less in earlier turns.
 */
export function compareSentRuns(previous: SentRuns, current: SentRuns, counts: TurnCounts): Continuation {
  const empty = previous.headKey === undefined && previous.runs.length === 0;
  if (empty) return { common: 0, extends: true };
  let common = 0;
  if (previous.headKey !== undefined || current.headKey !== undefined) {
    if (previous.headKey !== current.headKey) return { common: 0, extends: false };
    common += current.headTokens;
  }
  const low = Math.min(previous.turnStart, current.turnStart);
  const high = Math.max(previous.turnStart, current.turnStart);
  let p = 0;
  let c = 0;
  // Positions within the current run of each: the next message each sends.
  let atP = previous.runs[0];
  let atC = current.runs[0];
  while (p < previous.runs.length) {
    if (c >= current.runs.length || atP !== atC) return { common, extends: false };
    const from = atP as number;
    const end = Math.min(previous.runs[p + 1] as number, current.runs[c + 1] as number);
    const changed = counts.firstDiffering(Math.max(from, low), Math.min(end, high));
    if (changed < Math.min(end, high) && changed >= from) {
      return { common: common + counts.sum(from, changed, current.turnStart), extends: false };
    }
    common += counts.sum(from, end, current.turnStart);
    atP = end;
    atC = end;
    if (end === previous.runs[p + 1]) {
      p += 2;
      atP = previous.runs[p];
    }
    if (end === current.runs[c + 1]) {
      c += 2;
      atC = current.runs[c];
    }
  }
  return { common, extends: true };
}
