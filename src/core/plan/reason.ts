/**
 * Why a message met its fate, as one byte per message beside the fate, so the inspector can say it as a sentence.
 * Codes are stable (they cross to the worker's clients); add new ones at the end.
 */
export const REASON = {
  /** Nothing to prune: the whole transcript fits the bound. */
  fits: 0,
  /** Inside the recent window (sliding window, summarize). */
  recentWindow: 1,
  /** Outside the window, but its tool call or result is inside: kept so the pair stays whole. */
  pulledByPair: 2,
  /** The most recent message: every strategy keeps at least one. */
  floor: 3,
  /** In the last message's tool group, which is always kept whole. */
  lastGroup: 4,
  /** Scored high enough to stay (importance, governor). */
  score: 5,
  /** Pinned by the user. */
  pinned: 6,
  /** Fits the token budget (budget fill). */
  budget: 7,
  /** In the pinned prefix (token budget). */
  pinnedPrefix: 8,
  /** In the recent tail (token budget). */
  recentTail: 9,
  /** One of the last N tool results (observation masking). */
  recentResult: 10,
  /** Its tool is never cleared (observation masking's `excludeTools`). */
  excludedTool: 11,
  /** Its tool result is too small to be worth clearing. */
  smallResult: 12,
  /** Holds no tool result to clear. */
  noToolResult: 13,
  /** Older than the window. */
  outsideWindow: 14,
  /** Among the lowest-scoring tool groups. */
  lowScore: 15,
  /** Did not fit the token budget. */
  overBudget: 16,
  /** Replaced by the summary message. */
  replacedBySummary: 17,
  /** An old tool result: its content became a placeholder. */
  oldResultCleared: 18,
  /** Shortened in place to fit (governor). */
  shortened: 19,
  /** Below the soft limit: the token-budget pruner did nothing. */
  belowSoftLimit: 20,
  /** Already a summary: never summarized again. */
  earlierSummary: 21,
  /** A call whose old result was cleared: its input was cleared too (`clearToolInputs`). */
  oldInputCleared: 22,
  /** A system or developer message inside the messages: no strategy prunes it (adapters, the Anthropic SDK's). */
  systemMessage: 23,
  /** A message in no tool group, among the lowest-scoring (importance). */
  lowScoreMessage: 24,
  /** A message in no tool group that scored high enough to stay (importance). */
  scoreMessage: 25,
  /** Its tool group does not fit beside the messages kept, though lower-scoring ones do or nothing else would. */
  tooLarge: 26,
  /** A message in no tool group that does not fit beside the messages kept (see `tooLarge`). */
  tooLargeMessage: 27,
  /** Dropped by the lowest-first walk, then added back, best score first, because it still fits (importance). */
  refilled: 28,
  /** Among the most recent messages that fit, kept because they fill more of the bound than the best scores did. */
  recentFit: 29,
  /** Older than the most recent messages that fit (`recentFit`), and too large to add back beside them. */
  olderThanRecentFit: 30,
  /** An earlier turn's thinking: its thinking blocks were cleared (Anthropic's `clear_thinking`). */
  thinkingCleared: 31,
  /** Below the strategy's own trigger: nothing is pruned yet. */
  belowTrigger: 32,
  /** After the last compaction: sent as it is. */
  afterCompaction: 33,
  /** Clearing would free fewer tokens than the strategy's minimum, so nothing is cleared (`clear_at_least`). */
  clearAtLeastUnmet: 34,
  /** In one of the most recent turns with thinking, which are kept. */
  recentThinking: 35,
  /** Holds no thinking to clear. */
  noThinking: 36,
  /** Its tool result already is a placeholder (cleared by an earlier prune): left as it is, never rewritten. */
  alreadyCleared: 37,
} as const;

/** A `REASON` name (`fits`, `budget`, `oldResultCleared`, …). */
export type ReasonName = keyof typeof REASON;
/** A `REASON` code: why a message met its fate, as a byte. */
export type ReasonCode = (typeof REASON)[ReasonName];

/** Each code as the end of a sentence that starts with the fate: "Kept: in the recent window." */
export const REASON_TEXT: Readonly<Record<ReasonCode, string>> = {
  0: 'the whole transcript fits the bound, so nothing is pruned',
  1: 'in the recent window',
  2: 'outside the window, but its tool call or result is inside, and a pair is kept whole',
  3: 'the most recent message is always kept',
  4: "in the last message's tool group, which is always kept whole",
  5: 'its tool group scored high enough to stay',
  6: 'pinned',
  7: 'fits the token budget',
  8: 'in the pinned prefix, never summarized',
  9: 'in the recent tail, never summarized',
  10: 'one of the most recent tool results',
  11: 'its tool is excluded from clearing',
  12: 'its tool result is too small to be worth clearing',
  13: 'holds no tool result to clear',
  14: 'older than the window',
  15: 'its tool group scored among the lowest',
  16: 'did not fit the token budget',
  17: 'replaced by the summary message',
  18: 'an old tool result: its content became a one-line placeholder',
  19: 'shortened in place to fit the budget',
  20: 'below the soft limit, so nothing is pruned',
  21: 'already a summary, never summarized again',
  22: "its old result was cleared, and so was this call's input",
  23: 'a system or developer message: sent where it stands, with the turn it belongs to',
  24: 'it scored among the lowest',
  25: 'it scored high enough to stay',
  26: 'its tool group is too large to fit the bound beside the messages kept',
  27: 'too large to fit the bound beside the messages kept',
  28: 'added back after the lowest-scoring were dropped, best score first, because it still fits the bound',
  29: 'among the most recent messages that fit the bound, which keep more than the best-scoring ones would',
  30: 'older than the most recent messages that fit the bound, and too large to add back beside them',
  31: "an earlier turn's thinking: its thinking blocks were cleared",
  32: "below the strategy's trigger, so nothing is pruned yet",
  33: 'after the last compaction, sent as it is',
  34: 'clearing would free fewer tokens than the minimum to clear, so nothing is cleared',
  35: 'in one of the most recent turns with thinking, which are kept',
  36: 'holds no thinking to clear',
  37: 'its tool result was cleared before, so its placeholder is left as it is',
};
