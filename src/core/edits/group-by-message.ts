/** Entries grouped by the message they fall in: message m's are `order[start[m] .. start[m + 1])`, ascending. */
export interface MessageGroups {
  start: Int32Array;
  order: Int32Array;
}

/**
 * Groups entries 0 … keys.length − 1 by message (`keys[k]`, or −1 for an entry in none), for a context of `count`
 * messages. Two flat arrays rather than a Map of lists: a replay looks a message up every time it edits it.
 */
export function groupByMessage(keys: ArrayLike<number>, count: number): MessageGroups {
  const start = new Int32Array(count + 1);
  let entries = 0;
  for (let k = 0; k < keys.length; k++) {
    const m = keys[k] as number;
    if (m < 0) continue;
    start[m + 1] = (start[m + 1] as number) + 1;
    entries++;
  }
  for (let m = 0; m < count; m++) start[m + 1] = (start[m + 1] as number) + (start[m] as number);
  const order = new Int32Array(entries);
  const filled = start.slice(0, count);
  for (let k = 0; k < keys.length; k++) {
    const m = keys[k] as number;
    if (m >= 0) order[(filled[m] as number)++] = k;
  }
  return { start, order };
}
