import type { MessageGroups } from '../links/group-messages';
import { FATE } from '../plan/fate';

/**
 * Where the summary goes: right after the last summarized message, moved past any kept tool group that spans that
 * point, so that no call is separated from its result by the summary (a user message between an assistant's
 * `tool_use` and its `tool_result` is what the APIs reject). Returns the index of the input message the summary
 * goes before (`fates.length` for the end), or -1 when nothing is summarized. O(n). `groupLast`, each group's last
 * member, may be passed by a caller that has it (else it is found here, a pass over the messages).
 */
export function findSummaryPosition(
  groups: Pick<MessageGroups, 'groupOf' | 'groupFirst'>,
  fates: Uint8Array,
  groupLast?: ArrayLike<number>,
): number {
  let last = -1;
  for (let i = fates.length - 1; i >= 0; i--) {
    if (fates[i] === FATE.summarized) {
      last = i;
      break;
    }
  }
  if (last < 0) return -1;
  const { groupOf, groupFirst } = groups;
  // A group spans the point when it starts before it and ends at or after it; its end is found from its members.
  let lastOf = groupLast;
  if (lastOf === undefined) {
    const found = new Int32Array(groupFirst.length).fill(-1);
    for (let i = 0; i < fates.length; i++) found[groupOf[i] as number] = i;
    lastOf = found;
  }
  let position = last + 1;
  let reach = -1;
  for (let i = 0; i < position; i++) {
    const end = lastOf[groupOf[i] as number] as number;
    if (end > reach) reach = end;
    // Moving past a spanning group may bring in members of further groups; the loop bound grows with it.
    if (reach >= position) position = reach + 1;
  }
  return position;
}
