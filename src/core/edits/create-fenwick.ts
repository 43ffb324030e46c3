/** Sums of per-message values that change one at a time: set one in O(log n), sum any prefix in O(log n). */
export interface Fenwick {
  /** Sets entry `at` to `value`. */
  set(at: number, value: number): void;
  get(at: number): number;
  /** The sum of the first `count` entries. */
  prefix(count: number): number;
}

export function createFenwick(size: number): Fenwick {
  const tree = new Float64Array(size + 1);
  const values = new Float64Array(size);
  return {
    set(at, value) {
      const by = value - (values[at] as number);
      if (by === 0) return;
      values[at] = value;
      for (let i = at + 1; i <= size; i += i & -i) tree[i] = (tree[i] as number) + by;
    },
    get: (at) => values[at] as number,
    prefix(count) {
      let sum = 0;
      for (let i = Math.min(count, size); i > 0; i -= i & -i) sum += tree[i] as number;
      return sum;
    },
  };
}
