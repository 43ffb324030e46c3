/**
 * The advisor: every registered strategy over a grid of bounds (and live triggers), each point replayed and priced
 * (`replayTranscript`) and scored for loss by probes (`scoreProbes`); the Pareto frontier of cost against loss; a
 * recommendation under the user's constraints. Plain data in and out, so a worker can post it as it is.
 */
import type { Message } from '../types';
import type { ReplayOptions } from '../replay/types';
import type { ReplayTrigger } from '../requests/types';
import type { StrategyId } from '../strategies/registry';
import type { AbortSignalLike } from '../summary/types';
import type { ProbeFamily, ProbeKind } from './probes/types';

/** What to sweep one transcript with: the replay's inputs (prices, cache rules, token counts, what the file recorded). */
export type SweepReplayInputs = Omit<ReplayOptions, 'strategies' | 'mode' | 'trigger' | 'window'>;

/** What `sweepTranscript` sweeps: the window, the grid, and how to report progress and stop. */
export interface SweepOptions {
  /** The model's context window, in tokens: the default grid's scale, and what `overWindow` counts against. */
  window: number;
  /** Token bounds to sweep. Default: 5%, 10%, 25%, 50% and 80% of `window`. */
  bounds?: readonly number[];
  /** Strategies to sweep. Default: every registered strategy. */
  strategies?: readonly StrategyId[];
  /** Live triggers as fractions of `window`, for strategies without a trigger of their own. Default: [0.8]; [] runs none. */
  triggers?: readonly number[];
  /**
   * Strategies marked `slow` plan every request afresh in stateless mode (O(n²)); above this many messages they are
   * swept live only, and the result says so. Default is 200.
   */
  slowStatelessUpTo?: number;
  /** Called after each strategy's points, with how many of the planned replays are done. */
  onProgress?: (done: number, total: number) => void;
  /** Checked between replays: once aborted, the sweep throws the signal's reason (or an `AbortError`-named Error). */
  signal?: AbortSignalLike;
}

/** A setting a user can run: a strategy, its options, and how it is applied. */
export interface SweepSetting {
  /** A strategy, or `none`: no pruning, the baseline. */
  strategy: StrategyId | 'none';
  /** The options swept (a bound, or the strategy's own trigger); the rest are the strategy's defaults. */
  options: Record<string, number>;
  /** `stateless`: pruned before every request; `live`: pruned when the trigger fires, the agent continuing from what it sent. */
  mode: 'stateless' | 'live';
  /** For live points: the replay's trigger, absent when the strategy fires on its own (compaction at N tokens). */
  trigger?: ReplayTrigger;
}

/** One point of the sweep: a setting, what its requests cost, and what it loses. */
export interface SweepPoint extends SweepSetting {
  /** The setting as a stable key (`sliding-window maxTokens=50000 stateless`): equal across transcripts of a corpus. */
  key: string;
  /** What its requests cost, with prompt caching (`replayTranscript`). */
  costUsd: number;
  /** Its requests' cache writes, cache reads and whole input, summed. */
  cacheWriteTokens: number;
  cacheReadTokens: number;
  inputTokens: number;
  /** The largest input of any request. */
  peakInputTokens: number;
  /** Requests over the window. */
  overWindow: number;
  /** Requests whose cached prefix the strategy broke. */
  rewrites: number;
  /** Weighted share of the probes lost at the last request, 0–1. */
  loss: number;
  /** Per family, the weighted share lost. */
  lossByFamily: Record<ProbeFamily, number>;
  /** Probes lost, by kind (`task`, `error`, `file`, …): what a constraint checks. */
  lostByKind: Partial<Record<ProbeKind, number>>;
  /** Probes it was scored on. */
  probes: number;
  /** The strategy threw on this transcript: the figures are zero and the point is never recommended. */
  error?: string;
}

/** A part of the grid not swept, and why. */
export interface SweepSkip {
  /** The strategy and the mode left out. */
  strategy: StrategyId;
  mode: 'stateless' | 'live';
  /** When one setting was left out, not the whole mode: its key. */
  key?: string;
  /** Why, in words. */
  reason: string;
}

/** One transcript's sweep (`sweepTranscript`). */
export interface SweepResult {
  /** Messages and probes of the transcript. */
  messages: number;
  probes: number;
  /** The window it was swept against. */
  window: number;
  /** No pruning first, then every setting of the grid. */
  points: SweepPoint[];
  /** What the grid left out, and why. */
  skipped: SweepSkip[];
}

/** What must hold of a recommended setting. */
export interface AdviceConstraints {
  /** Probe kinds that must lose nothing (kept, or named in a summary): `task`, `errors`, `files`, `requests`, `plan`. */
  keep?: readonly KeepTarget[];
  /** No request over this many tokens. Default: the sweep's window. */
  window?: number;
  /** At most this share more than no pruning costs (0.1: 10% more). Default: no limit. */
  maxExtraCost?: number;
  /** Settings within this much loss of the least loss are as good; the cheapest of them wins. Default is 0.05. */
  lossTolerance?: number;
}

/** What a constraint can require be kept: the task, later requests, files touched, errors, the last plan. */
export type KeepTarget = 'task' | 'requests' | 'files' | 'errors' | 'plan';

/** A transcript and the replay's inputs for it (prices, cache rules, per-message tokens). */
export interface TranscriptToSweep extends SweepReplayInputs {
  /** The transcript, in the canonical shape. */
  messages: readonly Message[];
}
