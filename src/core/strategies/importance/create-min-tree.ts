/** Fixed values, searched for the last one at most a limit within a range. */
export interface MinTree {
  /** The largest position in [`from`, `to`] whose value is at most `limit`, or -1: O(log n). */
  lastAtMost(from: number, to: number, limit: number): number;
}

/** A segment tree of minimums over `values` (which it does not copy and which must not change). */
export function createMinTree(values: ArrayLike<number>): MinTree {
  let size = 1;
  while (size < values.length) size *= 2;
  const tree = new Float64Array(2 * size).fill(Infinity);
  for (let i = 0; i < values.length; i++) tree[size + i] = values[i] as number;
  for (let node = size - 1; node >= 1; node--) tree[node] = Math.min(tree[2 * node] as number, tree[2 * node + 1] as number);
  const search = (node: number, low: number, high: number, from: number, to: number, limit: number): number => {
    if (high < from || low > to || (tree[node] as number) > limit) return -1;
    if (low === high) return low;
    const middle = (low + high) >> 1;
    const right = search(2 * node + 1, middle + 1, high, from, to, limit);
    return right >= 0 ? right : search(2 * node, low, middle, from, to, limit);
  };
  return {
    lastAtMost: (from, to, limit) => (from > to ? -1 : search(1, 0, size - 1, Math.max(from, 0), Math.min(to, values.length - 1), limit)),
  };
}
