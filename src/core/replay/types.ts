/**
 * Replay: run an agent's requests again under each strategy and price them with prompt caching. Every assistant
 * message is one request whose input is the history before it (plus the system prompt). These are the shapes the
 * core's `replayTranscript`, the worker, the inspector's Replay view and the CLI's `replay` command share.
 */
import type { PruneConfig } from '../strategies/registry';
import type { TokenCounter } from '../tokens/types';
import type { RecordedRequest } from '../usage/types';

/** Prices in US dollars per million tokens. */
export interface ModelPrices {
  /** Model id as `ai-tokenizer`'s table names it (e.g. `anthropic/claude-sonnet-4.5`), or the user's own label. */
  model: string;
  input: number;
  output: number;
  /** Reading a cached prefix. Anthropic: 0.1 × input; OpenAI: 0.5 × (0.1 × for GPT-5 models). */
  cacheRead: number;
  /** Writing the cache (Anthropic, 5-minute TTL: 1.25 × input; OpenAI: 0, it does not bill writes). */
  cacheWrite: number;
}

/** How the provider caches a prompt prefix. */
export type CacheRules =
  /** Exact-prefix caching up to the last breakpoint; nothing below `minTokens` is cached. */
  | { provider: 'anthropic'; minTokens: number }
  /** Automatic caching of prompts of 1,024+ tokens, in 128-token steps. */
  | { provider: 'openai'; minTokens: number; step: number };

/** When a live agent prunes: it continues from what it sent, pruning only when a trigger fires. */
export type ReplayTrigger =
  | { kind: 'tokens'; over: number }
  | { kind: 'every'; requests: number }
  | { kind: 'fraction'; of: number; window: number };

export interface ReplayStrategy {
  /** A name for the result (a lane id, `none` for no pruning). */
  id: string;
  /** `undefined`: no pruning, the baseline every other strategy is measured against. */
  config?: PruneConfig;
}

export interface ReplayOptions {
  strategies: readonly ReplayStrategy[];
  /** `stateless`: prune the whole history before every request. `live`: prune when `trigger` fires. */
  mode: 'stateless' | 'live';
  /** For `live`. Default is `{ kind: 'fraction', of: 0.8, window: 200_000 }`. */
  trigger?: ReplayTrigger;
  prices: ModelPrices;
  cache: CacheRules;
  /** Per message: its tokens (from `countMessageTokens`). */
  tokens: ArrayLike<number>;
  /** Tokens every request sends before the messages (system prompt, tool definitions). Default is 0. */
  fixedTokens?: number;
  counter?: TokenCounter;
  /** What the file recorded (`readRecordedUsage`): output tokens where known, and the no-pruning baseline's check. */
  recorded?: readonly RecordedRequest[];
}

export interface RequestCost {
  /** The assistant message this request produced. */
  messageIndex: number;
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  costUsd: number;
  /** The strategy changed the prefix this request (a rewrite: everything after the change is written again). */
  rewrite: boolean;
}

export interface ReplayTotals {
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  costUsd: number;
}

export interface StrategyReplay {
  id: string;
  config?: PruneConfig;
  totals: ReplayTotals;
  /** Largest input of any request (fixed part included). */
  peakInputTokens: number;
  /** Requests whose prefix the strategy changed. */
  rewrites: number;
  /** Requests over the window (`live` trigger's window, or the one given). */
  overWindow: number;
  requests: RequestCost[];
}

export interface ReplayResult {
  model: string;
  mode: 'stateless' | 'live';
  strategies: StrategyReplay[];
  /** When the file recorded usage: the no-pruning replay against it. */
  recorded?: {
    requests: number;
    /** Σ recorded input (uncached + cache writes + reads) and Σ replayed, over the requests both have. */
    recordedInputTokens: number;
    replayedInputTokens: number;
    recordedCacheReadShare: number;
    replayedCacheReadShare: number;
    /** Per-request relative error of replayed vs recorded input: median and worst. */
    medianError: number;
    worstError: number;
  };
}
