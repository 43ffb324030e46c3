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

export interface Probe {
  /** Stable within a transcript: `task`, `request:12`, `file:/repo/a.ts`, `plan:40`, `error:8`, `reference:5`. */
  id: string;
  family: ProbeFamily;
  kind: ProbeKind;
  /** The first message that holds the fact. */
  messageIndex: number;
  /** Every message that holds it (a file named by several calls), ascending; sending any one keeps the probe. */
  messages: readonly number[];
  site: ProbeSite;
  /** The fact, short (one line, at most 120 characters): a path, an error line, the start of a request. */
  fact: string;
  /** Its share of the loss: the task 3, later requests and the plan 2, the others 1. */
  weight: number;
}

export type ProbeFate = 'kept' | 'summarized' | 'lost';

/** Counts and weights of one family's probes under a plan. */
export interface FamilyScore {
  total: number;
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
  kept: number;
  summarized: number;
  lost: number;
  /** Weighted share of the probes lost, 0–1 (0 when there are none). */
  loss: number;
  byFamily: Record<ProbeFamily, FamilyScore>;
}

export const PROBE_FAMILIES: readonly ProbeFamily[] = ['recall', 'artifact', 'continuation', 'decision'];
