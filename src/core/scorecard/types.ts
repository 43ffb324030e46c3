/**
 * How a plan fares on its scorecard facts (`ScorecardFacts`): what the agent still has after pruning, by its probes' fates. Still sent: a message that
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
