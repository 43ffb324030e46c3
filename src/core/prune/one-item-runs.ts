/**
 * `first` and `end` of a view whose messages are one item each, from `owner` (the view index of each item, -1 outside
 * the view): `first[v]` the item of view message `v`, `end[v]` the one after it. Typed arrays filled in one pass:
 * `Int32Array.from` over a list with a mapping function cost as much as the rest of building the view.
 */
export function oneItemRuns(owner: Int32Array, count: number): { first: Int32Array; end: Int32Array } {
  const first = new Int32Array(count);
  const end = new Int32Array(count);
  for (let i = 0; i < owner.length; i++) {
    const v = owner[i] as number;
    if (v < 0) continue;
    first[v] = i;
    end[v] = i + 1;
  }
  return { first, end };
}
