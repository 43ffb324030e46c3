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
  return {
    // Bottom-up, without recursion (the replay asks this for every bucket of every request): from the leaf at `to`,
    // climb until a left sibling (the nodes just before what was climbed) holds a value at most the limit, then descend
    // to its rightmost such leaf. That is the last such position at or before `to`; none in range when it is before
    // `from`.
    lastAtMost: (from, to, limit) => {
      const low = Math.max(from, 0);
      const high = Math.min(to, values.length - 1);
      if (low > high) return -1;
      let node = size + high;
      if ((tree[node] as number) > limit) {
        for (;;) {
          if (node === 1) return -1;
          if ((node & 1) === 1 && (tree[node - 1] as number) <= limit) {
            node--;
            break;
          }
          node >>= 1;
        }
        while (node < size) node = (tree[2 * node + 1] as number) <= limit ? 2 * node + 1 : 2 * node;
      }
      const position = node - size;
      return position >= low ? position : -1;
    },
  };
}
