/** A request's recorded input as a sum: its messages as counted here, and the rest, which the file does not hold. */
export interface RecordedInputSplit {
  /** The messages' tokens, rounded. */
  counted: number;
  /** Recorded less counted; below zero when the count runs over the bill. */
  rest: number;
  /**
   * Of `rest`, the system prompt and tool definitions (the first request's residual, `fixedTokens` of
   * `compareWithRecordedUsage`), rounded and at most `rest`; undefined when unknown, none, or `rest` is below zero.
   */
  fixed: number | undefined;
  /** Of `rest`, what the agent added after the first request without writing it down (reminders, hook output). */
  later: number;
}

/**
 * Splits a request's recorded input into what the messages count, the fixed part every request carries and what was
 * added later: the one rule the inspector's header and `prunescope stats` both say it by.
 */
export function splitRecordedInput(recorded: number, counted: number, fixedTokens: number | undefined): RecordedInputSplit {
  const whole = Math.round(counted);
  const rest = recorded - whole;
  const fixed = rest < 0 || fixedTokens === undefined ? undefined : Math.min(rest, Math.round(fixedTokens));
  if (fixed === undefined || fixed <= 0) return { counted: whole, rest, fixed: undefined, later: 0 };
  return { counted: whole, rest, fixed, later: rest - fixed };
}
