/** What became of each importance unit, one byte per unit while a plan is made. */
export const UNIT_STATE = {
  /** Never dropped. */
  kept: 0,
  /** Dropped (by the lowest-first walk, or for being older than the recent messages that fit). */
  dropped: 1,
  /** Dropped by the walk, then added back because it still fits. */
  refilled: 2,
  /** Part of the most recent messages that fit, chosen when they fill more of the bound than the walk kept. */
  recent: 3,
} as const;
