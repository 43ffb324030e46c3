/** The shapes `advise` passes between its main thread and its workers, and writes as `--json`. */
import type { Advice, AdviceConstraints, ModelProbeReport, StrategyId, SweepResult } from '../../lib/index';
import type { TranscriptFormat } from '../../lib/formats';
import type { EncodingChoice } from '../tokens';
import type { ConversationTask, FileOutcome } from '../report/types';

export interface AdviseSettings {
  /** The model the requests are priced at; default: the one each file records, else by format. */
  model?: string;
  /** The window requests must fit and the grid's scale; default: the model's. */
  window?: number;
  /** Token bounds to sweep; default: 5, 10, 25, 50 and 80% of the window. */
  bounds?: number[];
  /** Default: every registered strategy. */
  strategies?: StrategyId[];
  encoding: EncodingChoice;
  prices?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number };
  /** Slow strategies swept stateless only up to this many messages (default: the core's). */
  slowStatelessUpTo?: number;
}

/** A conversation to sweep; with `strategies`, only those (a part of a long conversation split among threads). */
export interface AdviseTask extends ConversationTask {
  strategies?: StrategyId[];
}

/** One conversation's sweep, or why it has none. */
export interface AdviseOutcome {
  file: string;
  id: string;
  format: TranscriptFormat;
  messages: number;
  /** The model priced and where its prices came from. */
  model?: string;
  pricedWith?: string;
  sweep?: SweepResult;
  error?: string;
}

/** `advise --json`: the issue's `{ recommendation, frontier, points }`, and what a later `--merge` needs. */
export interface AdviseJson {
  prunescope: 'advise';
  version: 1;
  settings: AdviseSettings;
  constraints: AdviceConstraints;
  recommendation: NonNullable<Advice['recommendation']> | null;
  /** Why this recommendation, or why none: said once, beside it. */
  reason: string;
  feasible: number;
  /** Settings swept on only some conversations (another window, another grid): left out of the frontier and the recommendation. */
  partial: number;
  frontier: Advice['points'];
  points: Advice['points'];
  skipped: Advice['skipped'];
  files: FileOutcome[];
  conversations: AdviseOutcome[];
  /** With --probe-model: the recommendation's probes answered by that model, per conversation. */
  modelProbes?: { model: string; outcomes: ModelProbeOutcome[] };
}

/** One conversation's probes answered by a model under the recommended setting, or why there are none. */
export interface ModelProbeOutcome {
  file: string;
  id: string;
  report?: ModelProbeReport;
  /** Why there is no report although nothing failed (no pruning recommended; prompts only shown). */
  note?: string;
  error?: string;
}
