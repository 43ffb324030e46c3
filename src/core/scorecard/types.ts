import type { Probe } from '../advisor/probes/types';

/** What matters most to keep, found once per transcript: the task, the user's prompts, errors, files touched. */
export interface ScorecardFacts {
  /** The first prompt a person typed (not harness text), or -1. */
  task: number;
  /** Messages holding text a person typed, ascending. */
  prompts: readonly number[];
  /** Messages holding a failed tool result (`is_error`, or a non-zero exit code in its output), ascending. */
  errors: readonly number[];
  /** Each file a tool read or changed, with the messages whose calls name it. */
  files: ReadonlyMap<string, readonly number[]>;
  /**
   * The same as probes, which a plan is scored by (`scoreProbes`): the task, each later prompt (`request:i`), each
   * file (`file:path`) and each error (`error:i`).
   */
  probes: readonly Probe[];
}

/**
 * How a plan fares on them: what the agent still has after pruning, by its probes' fates. Still sent: a message that
 * holds the fact is kept, or masked while what is sent in its place still holds it (masking clears results, and
 * calls' inputs when asked).
 */
export interface Scorecard {
  /** The task is still sent (undefined when the transcript has none). */
  task: boolean | undefined;
  prompts: { kept: number; total: number };
  errors: { kept: number; total: number };
  /** Files still named in what is sent: a call sent that still names it, or a summary that does. */
  files: { named: number; total: number };
}
