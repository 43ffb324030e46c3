/**
 * Probes answered by a model of the user's own (issue 22): each probe's kind becomes a question, asked once of the
 * full context and once of the pruned one; a probe the full context answers (its fact is in that answer) is kept
 * when the pruned context's answer holds its fact too, else lost.
 */
import type { ProbeKind } from '../probes/types';
import type { AbortSignalLike } from '../../summary/types';

/** One request of the caller's own: instructions and one user message. `createModelSummarizer(...).complete` fits. */
export type CompleteFn = (system: string, user: string, options?: { signal?: AbortSignalLike }) => Promise<string>;

/** One question, as it will be sent: for every probe of its kind, of each context. */
export interface ProbePrompt {
  kind: ProbeKind;
  /** The question alone, for people. */
  question: string;
  /** The instructions sent with it. */
  system: string;
  /** The user message asked of the full context, and of the pruned one. */
  full: string;
  pruned: string;
  /** The probes this question tests. */
  probeIds: string[];
}

/** How one probe fared. `unanswerable`: the full context's answer lacks its fact too, so it says nothing of pruning. */
export interface ModelProbeResult {
  /** The probe's `id` (`task`, `file:/repo/a.ts`, …). */
  probeId: string;
  /** Its kind, which picked its question. */
  kind: ProbeKind;
  /** The fact looked for in the answers. */
  fact: string;
  /** `kept`: both answers state the fact; `lost`: only the full context's does; `unanswerable`: neither. */
  verdict: 'kept' | 'lost' | 'unanswerable';
}

/** What the model's answers say of a pruned context, beside the deterministic `scoreProbes`. */
export interface ModelProbeReport {
  /** Per probe, in the order the questions were asked. */
  results: ModelProbeResult[];
  /** Probes kept, lost, and not answered from the full context either. */
  kept: number;
  lost: number;
  unanswerable: number;
  /** Weighted share lost of the probes the full context answers, 0–1 (0 when it answers none). */
  loss: number;
  /** The answers, per question, for people to read. */
  answers: { kind: ProbeKind; question: string; full: string; pruned: string }[];
  /** Requests sent. */
  requests: number;
}
