import type { MessageGroups } from '../links/group-messages';

/**
 * Context units: the groups of `groupMessages` (what is kept or dropped whole), with their members listed, because a
 * group in a broken input need not be a run of adjacent messages. Unit ids are group ids, so unit order is the order
 * of each unit's first message.
 */
export interface ContextUnits {
  count: number;
  /** Per message: its unit. */
  unitOf: Int32Array;
  /** Unit u's members are `members[memberStart[u]]` up to `members[memberStart[u + 1]]`, ascending. */
  memberStart: Int32Array;
  members: Int32Array;
  /** Per unit: its last (newest) member. */
  lastMember: Int32Array;
}

/** Lists each group's members by a counting sort of `groupOf`. O(n). */
export function buildContextUnits(groups: MessageGroups): ContextUnits {
  const { groupOf, groupSize } = groups;
  const count = groupSize.length;
  const memberStart = new Int32Array(count + 1);
  for (let u = 0; u < count; u++) memberStart[u + 1] = (memberStart[u] as number) + (groupSize[u] as number);
  const fill = memberStart.slice(0, count);
  const members = new Int32Array(groups.count);
  const lastMember = new Int32Array(count);
  for (let i = 0; i < groups.count; i++) {
    const u = groupOf[i] as number;
    members[fill[u] as number] = i;
    fill[u] = (fill[u] as number) + 1;
    lastMember[u] = i;
  }
  return { count, unitOf: groupOf, memberStart, members, lastMember };
}
