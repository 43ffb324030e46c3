import type { MessageGroups } from './group-messages';

/** Where a transcript can be cut without parting a tool call from its result: for each position, the nearest such cut before and after. */
export interface ValidCuts {
  /**
   * For each cut position `c` (0 to count: keep messages `c` onwards), the largest valid cut at or before it. A cut is
   * valid when no unit (tool group, glued to orphans' neighbours) has members on both sides of it, so a suffix
   * starting there orphans nothing and leaves every broken block where it was.
   */
  cutAtOrBefore: Int32Array;
  /** For each cut position, the smallest valid cut at or after it. */
  cutAtOrAfter: Int32Array;
}

/**
 * Where a transcript can be cut without splitting a tool group, for every position at once, O(n): the window
 * strategies then move any cut to a valid one in O(1). Moving earlier keeps more (a message bound, as seed 001
 * asks); moving later keeps less (a token budget, which must hold).
 */
export function findValidCuts(groups: MessageGroups): ValidCuts {
  const { count, groupOf, groupFirst } = groups;
  const groupLast = new Int32Array(groupFirst.length);
  for (let i = 0; i < count; i++) groupLast[groupOf[i] as number] = i;

  const cutAtOrBefore = new Int32Array(count + 1);
  // A cut c is valid when every message before it belongs to a group that ends before it.
  let reach = -1;
  for (let c = 0; c <= count; c++) {
    cutAtOrBefore[c] = reach < c ? c : (cutAtOrBefore[c - 1] as number);
    if (c < count) reach = Math.max(reach, groupLast[groupOf[c] as number] as number);
  }
  const cutAtOrAfter = new Int32Array(count + 1);
  cutAtOrAfter[count] = count;
  for (let c = count - 1; c >= 0; c--) {
    cutAtOrAfter[c] = cutAtOrBefore[c] === c ? c : (cutAtOrAfter[c + 1] as number);
  }
  return { cutAtOrBefore, cutAtOrAfter };
}
