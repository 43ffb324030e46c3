/**
 * Per-message token counts for a request, when a message counts less once a later turn has begun (earlier turns'
 * thinking is dropped by the API on models that do not keep it): message i counts `prior[i]` in a request whose turn
 * began after it, `tokens[i]` otherwise. Sums over any range in O(1), through prefix sums of both arrays.
 */
export interface TurnCounts {
  /** Message i's count in a request whose turn began at `turnStart`. */
  count(i: number, turnStart: number): number;
  /** The counts of messages `from` … `to` − 1 in a request whose turn began at `turnStart`. */
  sum(from: number, to: number, turnStart: number): number;
  /**
   * The first message at or after `from` and before `to` whose two counts differ (so whose content changes when a
   * turn begins after it), or `to` when there is none.
   */
  firstDiffering(from: number, to: number): number;
  /** True when some message counts less in earlier turns. */
  readonly varies: boolean;
  /** Whether message i counts the same in every turn. */
  fixed(i: number): boolean;
}

export function createTurnCounts(tokens: ArrayLike<number>, prior: ArrayLike<number> | undefined): TurnCounts {
  const n = tokens.length;
  const full = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) full[i + 1] = (full[i] as number) + (tokens[i] as number);
  let varies = false;
  if (prior !== undefined) for (let i = 0; i < n && !varies; i++) varies = prior[i] !== tokens[i];
  if (!varies) {
    return {
      count: (i) => tokens[i] as number,
      sum: (from, to) => (to > from ? (full[to] as number) - (full[from] as number) : 0),
      firstDiffering: (_from, to) => to,
      varies: false,
      fixed: () => true,
    };
  }
  const early = prior as ArrayLike<number>;
  const before = new Float64Array(n + 1);
  // next[i]: the first differing message at or after i (n when none), so a turn's changes are found in O(1).
  const next = new Int32Array(n + 1).fill(n);
  for (let i = 0; i < n; i++) before[i + 1] = (before[i] as number) + (early[i] as number);
  for (let i = n - 1; i >= 0; i--) next[i] = early[i] !== tokens[i] ? i : (next[i + 1] as number);
  const range = (sums: Float64Array, from: number, to: number): number => (to > from ? (sums[to] as number) - (sums[from] as number) : 0);
  return {
    count: (i, turnStart) => (i < turnStart ? (early[i] as number) : (tokens[i] as number)),
    sum(from, to, turnStart) {
      const split = Math.min(Math.max(turnStart, from), to);
      return range(before, from, split) + range(full, split, to);
    },
    firstDiffering: (from, to) => (from >= to ? to : Math.min(next[from] as number, to)),
    varies: true,
    fixed: (i) => early[i] === tokens[i],
  };
}
