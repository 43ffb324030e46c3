import type { Message } from '../types';
import type { TokenCounter } from '../tokens/types';
import type { TranscriptAnalysis } from '../plan/analyze-transcript';
import type { CheckedBound, StrategyPlan } from '../plan/types';
import type { ReplayRequests } from './list-replay-requests';
import type { TurnCounts } from './create-turn-counts';
import type { SyntheticCounter } from './create-synthetic-counter';

/** What every strategy's replay shares: the transcript, its requests and counts, analysed once. */
export interface ReplayContext {
  messages: readonly Message[];
  requests: ReplayRequests;
  counts: TurnCounts;
  counter: TokenCounter;
  synthetic: SyntheticCounter;
  /**
   * The analysis of the messages from context start `start` up to its last request (every request of that context
   * holds a prefix of them), built on first use and shared by the strategies.
   */
  segment(start: number): TranscriptAnalysis;
}

/**
 * One strategy to replay: its config, its settings as its `normalize` made them (every strategy checks its bounds
 * into `maxTurns` and `maxTokens`, absent ones `Infinity`), and its planning, bound to those settings.
 */
export interface ReplayPlanner<S = unknown> {
  config: { strategy: string; pinned?: readonly number[] };
  settings: S & CheckedBound;
  /**
   * The strategy's plan of an analysed view of the transcript. `pinned` are the pins as indices of the view (the
   * config's name transcript messages); `undefined` when the config pins nothing.
   */
  plan(analysis: TranscriptAnalysis, pinned: readonly number[] | undefined): StrategyPlan;
  /** The strategy's `keepsEverything` hook, or its safe default; `messages` when the caller holds the view. */
  keepsEverything(count: number, total: number, messages?: readonly Message[]): boolean;
}
