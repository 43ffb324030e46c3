import type { Message } from '../types';
import type { MessageGroups } from './group-messages';

/**
 * The units every strategy keeps or drops whole: the tool groups, with each message that holds a broken block joined
 * to its turn (the run of messages of its role around it, which the API merges into one) and to the message on each
 * side of that run. Broken: an orphan (a call never answered, a result answering nothing), or a pair the API would
 * not accept as one because the result is not in the turn right after the call's (other turns come between).
 *
 * Dropping messages makes others adjacent, and the API merges adjacent messages of one role. Around an orphan such a
 * merge, or a cut, can turn one broken block into a new rejection: an orphan call merged into a turn that calls the
 * same id again ("tool_use ids must be unique"), an orphan result merged behind text ("tool_result blocks must come
 * first"), a duplicate result left first ("no call"). Keeping an orphan's turn and what bounds it together means the
 * turn never changes, so pruning a broken input adds no problem. A clean transcript has no orphans: its units are its
 * groups, and no array is copied.
 */
export function glueBrokenTurns(groups: MessageGroups, messages: readonly Message[]): MessageGroups {
  const { count, scan } = groups;
  const broken = brokenMessages(groups);
  if (broken.length === 0) return groups;
  const parent = new Int32Array(count);
  for (let i = 0; i < count; i++) parent[i] = groups.groupFirst[groups.groupOf[i] as number] as number;
  const find = (i: number): number => {
    while (parent[i] !== i) {
      const up = parent[parent[i] as number] as number;
      parent[i] = up;
      i = up;
    }
    return i;
  };
  const union = (a: number, b: number): void => {
    if (b < 0 || b >= count) return;
    const x = find(a);
    const y = find(b);
    if (x < y) parent[y] = x;
    else if (y < x) parent[x] = y;
  };
  const glued = new Uint8Array(count);
  for (const i of broken) {
    if (glued[i] === 1) continue;
    const role = messages[i]?.role;
    let start = i;
    while (start > 0 && messages[start - 1]?.role === role) start--;
    let end = i;
    while (end < count - 1 && messages[end + 1]?.role === role) end++;
    for (let k = start; k <= end; k++) {
      glued[k] = 1;
      union(i, k);
    }
    union(i, start - 1);
    union(i, end + 1);
  }
  const groupOf = new Int32Array(count);
  const firstOf = new Int32Array(count);
  const sizeOf = new Int32Array(count);
  let units = 0;
  const unitOfRoot = new Int32Array(count).fill(-1);
  for (let i = 0; i < count; i++) {
    const root = find(i);
    let u = unitOfRoot[root] as number;
    if (u < 0) {
      u = units++;
      unitOfRoot[root] = u;
      firstOf[u] = i;
    }
    groupOf[i] = u;
    sizeOf[u] = (sizeOf[u] as number) + 1;
  }
  return { count, scan, groupOf, groupFirst: firstOf.subarray(0, units), groupSize: sizeOf.subarray(0, units) };
}

/** Messages holding an orphan block or one end of a pair split across turns (the scan found them). */
function brokenMessages(groups: MessageGroups): number[] {
  const { orphanIndex, splitPairMessages } = groups.scan;
  return orphanIndex.length === 0 ? splitPairMessages : [...orphanIndex, ...splitPairMessages];
}
