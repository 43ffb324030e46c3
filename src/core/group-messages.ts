import type { Message } from './types';
import { scanMessages, type MessageScan } from './scan-messages';

/**
 * Messages linked through tool ids, as groups that every strategy keeps or drops whole.
 *
 * Group ids are numbered in order of each group's first message, so group order is message order. Members are
 * stored flat (CSR): group g holds `members[offset[g] .. offset[g + 1])`, ascending. A group is usually a run
 * (an assistant turn with parallel calls and the user turns answering them) but need not be in a broken input.
 */
export interface MessageGroups {
  count: number;
  /** The pairs and orphans the groups were built from. */
  scan: MessageScan;
  /** Per message: its group id. */
  groupOf: Int32Array;
  /** Per group: the index of its first message. */
  groupFirst: Int32Array;
  /** Per group: how many messages it holds. */
  groupSize: Int32Array;
  /** Per group, plus one: where its members start in `groupMembers`. */
  groupOffset: Int32Array;
  groupMembers: Int32Array;
}

/** Links tool calls to results, then unions the messages each pair touches. O(n α(n)) after linking. */
export function groupMessages(messages: readonly Message[]): MessageGroups {
  const count = messages.length;
  const scan = scanMessages(messages);

  // Union-find whose root is always the lowest index, so a root is its group's first message.
  const parent = new Int32Array(count);
  for (let i = 0; i < count; i++) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) {
      const up = parent[parent[i] as number] as number;
      parent[i] = up;
      i = up;
    }
    return i;
  };
  for (let k = 0; k < scan.ids.length; k++) {
    const a = find(scan.useIndex[k] as number);
    const b = find(scan.resultIndex[k] as number);
    if (a < b) parent[b] = a;
    else if (b < a) parent[a] = b;
  }

  const groupOf = new Int32Array(count);
  const firstToGroup = new Int32Array(count).fill(-1);
  let groups = 0;
  for (let i = 0; i < count; i++) {
    const root = find(i);
    let g = firstToGroup[root] as number;
    if (g === -1) {
      g = groups++;
      firstToGroup[root] = g;
    }
    groupOf[i] = g;
  }

  const groupFirst = new Int32Array(groups).fill(-1);
  const groupSize = new Int32Array(groups);
  for (let i = 0; i < count; i++) {
    const g = groupOf[i] as number;
    if (groupFirst[g] === -1) groupFirst[g] = i;
    groupSize[g] = (groupSize[g] as number) + 1;
  }
  const groupOffset = new Int32Array(groups + 1);
  for (let g = 0; g < groups; g++) groupOffset[g + 1] = (groupOffset[g] as number) + (groupSize[g] as number);
  const groupMembers = new Int32Array(count);
  const fill = groupOffset.slice(0, groups);
  for (let i = 0; i < count; i++) {
    const g = groupOf[i] as number;
    groupMembers[fill[g] as number] = i;
    fill[g] = (fill[g] as number) + 1;
  }

  return { count, scan, groupOf, groupFirst, groupSize, groupOffset, groupMembers };
}
