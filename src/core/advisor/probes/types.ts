/**
 * Probes: facts drawn from a transcript that a pruned context should still hold, in the four families practitioners
 * test summaries with (recall, artifact, continuation, decision). A probe is kept (a message holding it is sent),
 * summarized (its fact is in the text a plan sends in place of what it removed) or lost.
 */

/** recall: the task and the user's later requests; artifact: files read or changed; continuation: the last plan; decision: errors and results the agent relied on. */
export type ProbeFamily = 'recall' | 'artifact' | 'continuation' | 'decision';

/** What a probe stands for, within its family. */
export type ProbeKind = 'task' | 'request' | 'file' | 'plan' | 'error' | 'reference';

/** Where in its messages the fact lives: masking clears tool results only, so it keeps text and calls. */
export type ProbeSite = 'text' | 'call' | 'result';

/** One fact a pruned context should still hold, drawn from a transcript by `findProbes`. */
export interface Probe {
  /** Stable within a transcript: `task`, `request:12`, `file:/repo/a.ts`, `plan:40`, `error:8`, `reference:5`. */
  id: string;
  /** Which of the four families it tests. */
  family: ProbeFamily;
  /** What it stands for within its family. */
  kind: ProbeKind;
  /** The first message that holds the fact. */
  messageIndex: number;
  /** Every message that holds it (a file named by several calls), ascending; sending any one keeps the probe. */
  messages: readonly number[];
  /** Where in its messages the fact lives. */
  site: ProbeSite;
  /** The fact, short (one line, at most 120 characters): a path, an error line, the start of a request. */
  fact: string;
  /** Its share of the loss: the task 3, later requests and the plan 2, the others 1. */
  weight: number;
}

/** A probe under a plan: a message holding it is sent (kept), its fact is in a summary (summarized), or neither (lost). */
export type ProbeFate = 'kept' | 'summarized' | 'lost';

/** Counts and weights of one family's probes under a plan. */
export interface FamilyScore {
  /** Probes of the family. */
  total: number;
  /** Of them, kept, summarized and lost. */
  kept: number;
  summarized: number;
  lost: number;
  /** Weighted share of the family lost, 0–1 (0 when it has no probes). */
  loss: number;
}

/** How a plan fares on a transcript's probes. */
export interface ProbeScore {
  /** Per probe, in the order given. */
  fates: ProbeFate[];
  /** Probes kept, summarized and lost. */
  kept: number;
  summarized: number;
  lost: number;
  /** Weighted share of the probes lost, 0–1 (0 when there are none). */
  loss: number;
  /** The same per family. */
  byFamily: Record<ProbeFamily, FamilyScore>;
}

/** The four families, in the order the advisor lists them. */
export const PROBE_FAMILIES: readonly ProbeFamily[] = ['recall', 'artifact', 'continuation', 'decision'];

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
