import type { MessageGroups } from '../links/group-messages';
import { FATE } from '../plan/fate';

/**
 * Where the summary goes: right after the last summarized message, moved past any kept tool group that spans that
 * point, so that no call is separated from its result by the summary (a user message between an assistant's
 * `tool_use` and its `tool_result` is what the APIs reject). Returns the index of the input message the summary
 * goes before (`fates.length` for the end), or -1 when nothing is summarized. O(messages after the last summarized).
 */
export function findSummaryPosition(groups: Pick<MessageGroups, 'groupOf' | 'groupFirst'>, fates: Uint8Array): number {
  const n = fates.length;
  let last = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (fates[i] === FATE.summarized) {
      last = i;
      break;
    }
  }
  if (last < 0) return -1;
  const { groupOf, groupFirst } = groups;
  // A group spans point p when one member is before p and one at or after it: when some message from p on belongs
  // to a group begun before p. The answer is the first p past `last` that none spans (n, the end, is always one),
  // so only the messages after `last` are read, from the end, keeping the earliest group start met so far. (Walking
  // from the start with each group's end, as before, read all n messages for the same point: 1 ms at 100k.)
  let position = n;
  let earliest = n;
  for (let i = n - 1; i > last; i--) {
    const first = groupFirst[groupOf[i] as number] as number;
    if (first < earliest) earliest = first;
    if (earliest >= i) position = i;
  }
  return position;
}
