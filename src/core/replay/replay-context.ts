import type { Message } from '../types';
import type { TokenCounter } from '../tokens/types';
import type { TranscriptAnalysis } from '../prune/analyze-transcript';
import type { PruneConfig } from '../strategies/registry';
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

/** One strategy to replay, its config checked. */
export interface ReplayPlanner {
  config: PruneConfig;
  /** The config as the strategy's `normalize` returned it. */
  settings: Record<string, unknown> & { maxTurns: number; maxTokens: number };
}
