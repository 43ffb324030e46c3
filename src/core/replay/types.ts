/**
 * Replay: run an agent's requests again under each strategy and price them with prompt caching. Every assistant
 * message is one request whose input is the history before it (plus the system prompt). These are the shapes the
 * core's `replayTranscript`, the worker, the inspector's Replay view and the CLI's `replay` command share.
 */
import type { PrunerConfig } from '../strategies/registry';
import type { TokenCounter } from '../tokens/types';
import type { RecordedRequest, RecordedTotal } from '../usage/types';
import type { ReplayTrigger } from '../requests/types';

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
  /**
   * Added (compatible): writing the cache with the 1-hour TTL (Anthropic: 2 × input). Absent: 1.6 × `cacheWrite`,
   * Anthropic's ratio of the two.
   */
  cacheWrite1h?: number;
  /** Added (compatible): the model's context window in tokens, when the table knows it. */
  contextWindow?: number;
  /** Added (compatible): a display name (`Claude Opus 4.5`). */
  name?: string;
  /**
   * Added (compatible): where the prices came from, for people: the table entry used, and which prices were filled
   * in by the provider's rule because the table had none (`loadModelPrices`).
   */
  source?: string;
}

/** How the provider caches a prompt prefix. */
export type CacheRules =
  /** Exact-prefix caching up to the last breakpoint; nothing below `minTokens` is cached. */
  | ({ provider: 'anthropic'; minTokens: number; ttlMs?: number } & ObservedCache)
  /** Automatic caching of prompts of 1,024+ tokens, in 128-token steps. */
  | ({ provider: 'openai'; minTokens: number; step: number; ttlMs?: number } & ObservedCache);
// Added (compatible): `ttlMs`, how long an unused cache entry lives (Anthropic: 5 minutes from its last use). A
// request more than `ttlMs` after the previous one finds the cache cold when `ReplayOptions.messageTimes` says so.

/**
 * Added (compatible). What a harness and its account do to the cache, beyond the provider's rules: read from a
 * file's recorded usage by `readReplayInputs` (`observedCache`), or given. Every field is optional; absent, the
 * provider's rules alone apply (the first request reads nothing, a broken prefix reads the fixed part back).
 */
export interface ObservedCache {
  /**
   * Tokens of the fixed part an earlier session had cached, which the first request reads (Claude Code's system
   * prompt, shared by the user's sessions; Codex's instructions). At most the fixed part.
   */
  warmStartTokens?: number;
  /**
   * Tokens a request reads back when its messages' prefix broke (a strategy's rewrite, a compaction, a new prompt):
   * the breakpoint after the system prompt and tools. Claude Code puts its project context (CLAUDE.md) in the first
   * message, so this is less than the fixed part. Absent: the fixed part.
   */
  breakpointTokens?: number;
  /** The TTL the harness asks for: `1h` writes bill at `cacheWrite1h`. Absent: `5m`. */
  writeTtl?: '5m' | '1h';
  /** A new user prompt breaks the messages' prefix, so the request reads `breakpointTokens` back (Claude Code). */
  promptBreaks?: boolean;
  /** OpenAI: the cache holds the previous response too, so a request that continues it in its turn reads it. */
  cachesOutput?: boolean;
}

/** One strategy to replay, by a name of your choosing; no config is the no-pruning baseline. */
export interface ReplayStrategy {
  /** A name for the result (a lane id, `none` for no pruning). */
  id: string;
  /** `undefined`: no pruning, the baseline every other strategy is measured against. */
  config?: PrunerConfig;
}

/** What `replayTranscript` replays: the strategies, the mode, the model's prices and cache rules, and the transcript's counts. */
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
  /** Added (compatible). What the file recorded the whole run cost (`readRecordedTotal`): the no-pruning replay's check. */
  recordedTotal?: RecordedTotal;
  /**
   * Added (compatible). Per message: its tokens once a later turn has begun (a turn begins at a user message that is
   * not only tool results). Models that drop earlier turns' thinking or reasoning (`keepsPriorThinking` false) are
   * sent less of those messages; `readReplayInputs` builds both arrays. Default is `tokens`: nothing is dropped.
   */
  priorTurnTokens?: ArrayLike<number>;
  /**
   * Added (compatible). Indices where the agent's own compaction restarted its context: a request holds the messages
   * from the latest start at or before it. Default is the `contextStart`s of `recorded` (Claude Code's compactions).
   */
  contextStarts?: readonly number[];
  /**
   * Added (compatible). Per message: when it was written, in milliseconds (NaN when unknown). A request more than
   * `cache.ttlMs` after the previous one finds the cache cold. Default is none: the cache never expires.
   */
  messageTimes?: ArrayLike<number>;
  /** Added (compatible). The window `overWindow` counts against. Default is the trigger's, else the model's. */
  window?: number;
  /**
   * Added (compatible). What the file's recorded usage says about the cache (`readReplayInputs`); its fields, and
   * `ttlMs`, replace the same fields of `cache`.
   */
  observedCache?: ObservedCache & { ttlMs?: number };
}

/** What a replay runs over, apart from the strategies, the mode and the trigger: one transcript's counts, prices and recordings (`prepareReplay`). */
export type ReplaySource = Omit<ReplayOptions, 'strategies' | 'mode' | 'trigger' | 'window'>;

/** One run over a prepared transcript (`replayPrepared`): the strategies, the mode, the trigger and the window. */
export type ReplayRun = Pick<ReplayOptions, 'strategies' | 'mode' | 'trigger' | 'window'>;

/**
 * Which cache rule priced a request. `cold`: nothing cached (the first request without a warm start, or the cache
 * expired); `warm`: the first request read what an earlier session cached; `append`: it read everything the previous
 * request sent; `prompt`: a new prompt broke the prefix, it read the breakpoint back; `compaction`: the agent's own
 * compaction restarted the context; `rewrite`: the strategy (or dropped thinking) changed what was sent; `short`:
 * below the model's minimum, nothing is cached.
 */
export type CacheRule = 'cold' | 'warm' | 'append' | 'prompt' | 'compaction' | 'rewrite' | 'short';

/** One request of a replay: what it sent, read from and wrote to the cache, and cost. */
export interface RequestCost {
  /** The assistant message this request produced. */
  messageIndex: number;
  /**
   * Everything the request sent: the fixed part and the messages. Of these, `cacheReadTokens` were read from the
   * cache, `cacheWriteTokens` written to it, and the rest billed at the input price.
   */
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  costUsd: number;
  /**
   * The request did not continue the previous one: something it had sent was changed or removed (by the strategy, by
   * the agent's own compaction, or by the API dropping an earlier turn's thinking), so what follows is written again.
   */
  rewrite: boolean;
  /** Added (compatible): the output tokens were recorded in the file, not estimated. */
  outputRecorded?: boolean;
  /** Added (compatible): the rule that priced its cache read. */
  cacheRule?: CacheRule;
}

/** A replay's sums over its requests. */
export interface ReplayTotals {
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** One strategy's replay: its requests, their totals, the peak input, rewrites of the cached prefix, requests over the window. */
export interface StrategyReplay {
  id: string;
  config?: PrunerConfig;
  totals: ReplayTotals;
  /** Largest input of any request (fixed part included). */
  peakInputTokens: number;
  /** Requests whose prefix the strategy changed. */
  rewrites: number;
  /** Requests over the window (`live` trigger's window, or the one given). */
  overWindow: number;
  requests: RequestCost[];
}

/** Every strategy's replay, priced; with `recorded`, the no-pruning replay held against what the file recorded. */
export interface ReplayResult {
  model: string;
  mode: 'stateless' | 'live';
  strategies: StrategyReplay[];
  /** When the file recorded usage: the no-pruning replay against it. */
  recorded?: RecordedComparison;
  /** Added (compatible). When the file recorded the run's total: the no-pruning replay's totals beside it. */
  recordedTotal?: RecordedTotalComparison;
}

/**
 * The no-pruning replay's totals beside a run's recorded total (`ReplayOptions.recordedTotal`). The recorded side is
 * absent where the file does not say. The recorded cost is the harness's own pricing (its model, its prices, calls the
 * transcript does not keep); the replayed one is `prices` applied to the requests the messages show.
 */
export interface RecordedTotalComparison {
  /** Where the file keeps the figures: `info.model_stats`. */
  where: string;
  /** The model the file says answered, when it says. */
  model?: string;
  /** Requests the run made, as recorded (SWE-agent `api_calls`: requeries the transcript does not keep included). */
  recordedRequests?: number;
  /** Requests the messages show: one per assistant message. */
  replayedRequests: number;
  /** Recorded: every rate together (uncached, cache writes and reads). Replayed: the requests' whole input, fixed part included. */
  recordedInputTokens?: number;
  /** See `recordedInputTokens`. */
  replayedInputTokens: number;
  /** Output tokens of the run, as recorded. */
  recordedOutputTokens?: number;
  /** Output tokens of the replies the messages show (recorded per request where known, else counted). */
  replayedOutputTokens: number;
  /** What the run cost as the harness priced it (its model, its prices). */
  recordedCostUsd?: number;
  /** The no-pruning replay's cost at `ReplayResult.model`'s prices, with prompt caching. */
  replayedCostUsd: number;
}

/**
 * A request the agent's harness made beside the conversation's own: a subagent's (read from the file) or the
 * compaction's summary request (which no file holds: estimated). Every lane pays it alike, so it is no part of a
 * lane's totals, but of what the session cost.
 */
export interface HarnessRequest {
  /** A subagent's request (`Task`), or the compaction's summary request. */
  kind: 'subagent' | 'compaction';
  /** The main-thread message it belongs to: the one whose `Task` call ran the subagent, the compact summary. */
  messageIndex: number;
  /** The model it ran on, when the file says (a subagent's may differ from the session's). */
  model?: string;
  /** Claude Code's id of the subagent. */
  agentId?: string;
  /** Input at the full rate. */
  inputTokens: number;
  /** Input read from the cache. */
  cacheReadTokens: number;
  /** Input written to the cache, of which `cacheWrite1hTokens` with the 1-hour TTL. */
  cacheWriteTokens: number;
  /** Of `cacheWriteTokens`, those written with the 1-hour TTL (billed at 2 × input). */
  cacheWrite1hTokens: number;
  /** Output, as recorded or estimated. */
  outputTokens: number;
  /** Not in the file: sized from what it would have sent and written. */
  estimated: boolean;
}

/** The no-pruning replay held against the usage a file recorded, request by request. */
export interface RecordedComparison {
  requests: number;
  /** Σ recorded input (uncached + cache writes + reads) and Σ replayed, over the requests both have. */
  recordedInputTokens: number;
  replayedInputTokens: number;
  recordedCacheReadShare: number;
  replayedCacheReadShare: number;
  /** Per-request relative error of replayed vs recorded input: median and worst. */
  medianError: number;
  worstError: number;
  /** Added (compatible): the recorded bill (its input, cache and output tokens at `prices`) and the replayed one. */
  recordedCostUsd?: number;
  replayedCostUsd?: number;
  /** Added (compatible): the message of the request with the worst error. */
  worstMessageIndex?: number;
  /** Added (compatible): replayed ÷ recorded − 1 of the input. */
  inputError?: number;
  /** Added (compatible): replayed ÷ recorded − 1 of the bill. */
  costError?: number;
  /** Added (compatible): each request both have, recorded beside replayed, in request order. */
  perRequest?: RecordedRequestCheck[];
  /**
   * Added (compatible): requests whose recorded output is a snapshot taken while it streamed (`outputPartial`), and
   * by how many tokens their messages' own counts exceed it: both bills leave these out alike.
   */
  partialOutputs?: { requests: number; missingTokens: number };
  /** Added (compatible), Anthropic usage: requests whose replayed cache rule is not the one the file shows. */
  ruleMismatches?: number;
}

/** One request of `RecordedComparison.perRequest`: what the file recorded, what the no-pruning replay found. */
export interface RecordedRequestCheck {
  /** The assistant message the request produced. */
  messageIndex: number;
  /** What the file recorded: input (uncached + cache writes + reads). */
  recordedInputTokens: number;
  /** What the file recorded: tokens read from the cache. */
  recordedCacheReadTokens: number;
  /** What the file recorded: tokens written to the cache (both TTL classes). */
  recordedCacheWriteTokens: number;
  /** The recorded request at the prices, each write at its own TTL class. */
  recordedCostUsd: number;
  /** What the replay sent: input (uncached + cache writes + reads). */
  replayedInputTokens: number;
  /** What the replay read from the cache. */
  replayedCacheReadTokens: number;
  /** What the replay wrote to the cache. */
  replayedCacheWriteTokens: number;
  /** The replayed request at the prices. */
  replayedCostUsd: number;
  /** The rule that priced the replayed request's cache read. */
  cacheRule: CacheRule;
  /**
   * Anthropic usage: the rule the recorded read shows. `cold`: it read nothing; `warm`: the first request read
   * something; `append`: it read all the previous request cached; `break`: less (the breakpoint). Absent for
   * providers that record no cache writes.
   */
  recordedRule?: 'cold' | 'warm' | 'append' | 'break';
  /** The replayed rule is not the recorded one (`prompt`, `compaction` and `rewrite` all read the breakpoint). */
  ruleDiffers?: boolean;
}

