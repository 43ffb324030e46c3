import type { Message } from '../types';
import { scanMessages, type MessageScan, type MessageCheck } from './scan-messages';

/**
 * Messages linked through tool ids, as groups that every strategy keeps or drops whole.
 *
 * Group ids are numbered in order of each group's first message, so group order is message order. A group is
 * usually a run (an assistant turn with parallel calls and the user turns answering them) but need not be in a
 * broken input.
 */
export interface MessageGroups {
  count: number;
  /** The pairs, orphans and text lengths the groups were built from. */
  scan: MessageScan;
  /** Per message: its group id. */
  groupOf: Int32Array;
  /** Per group: the index of its first message. */
  groupFirst: Int32Array;
  /** Per group: how many messages it holds. */
  groupSize: Int32Array;
}

/**
 * Links tool calls to results and measures text (`scanMessages`, which shows `check` what it reads and is told
 * whether to record `blocks`), then unions the messages each pair touches.
 */
export function groupMessages(messages: readonly Message[], check?: MessageCheck, blocks = true): MessageGroups {
  const count = messages.length;
  const scan = scanMessages(messages, check, blocks);

  // Union-find whose root is always the lowest index, so a root is its group's first message, and every
  // parent index is at most its child's.
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
  // Each union of two roots leaves one group fewer, so the per-group arrays are made at their final size (at 100k
  // messages, about half the 0.8 MB that sizing them per message took).
  let groups = count;
  for (let k = 0; k < scan.pairs; k++) {
    const a = find(scan.useIndex[k] as number);
    const b = find(scan.resultIndex[k] as number);
    if (a < b) parent[b] = a;
    else if (b < a) parent[a] = b;
    else continue;
    groups--;
  }

  // Ascending, a parent is resolved to its root before its children are read, so one step finds each root, and
  // a root is met (and numbered) before any member of its group.
  const groupOf = new Int32Array(count);
  const firstOf = new Int32Array(groups);
  const sizeOf = new Int32Array(groups);
  let g = 0;
  for (let i = 0; i < count; i++) {
    const root = parent[parent[i] as number] as number;
    parent[i] = root;
    if (root === i) {
      firstOf[g] = i;
      sizeOf[g] = 1;
      groupOf[i] = g++;
    } else {
      const h = groupOf[root] as number;
      groupOf[i] = h;
      sizeOf[h] = (sizeOf[h] as number) + 1;
    }
  }

  return { count, scan, groupOf, groupFirst: firstOf, groupSize: sizeOf };
}
