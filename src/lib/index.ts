/**
 * `prunescope`: the package's main entry. What a program needs to prune messages it already holds (an agent loop, a
 * proxy, a UI): the strategies, the analyse-once planning API, token counting, the API validator and the repair.
 *
 * This list is the public API, curated by hand; `src/core/index.ts` is the core's barrel for the inspector and
 * exports the analysis internals too (scans, groups, rankings, cut tables, the governor's and the token-budget
 * pruner's steps), which may change with any release. Reading and writing files is `prunescope/formats`; both entries
 * share one chunk of code, and the package is free of side effects, so a bundler leaves the parsers out of a program
 * that only prunes (esbuild: 174 KB for `pruneMessages` and every strategy, no parser or serializer).
 */

// The canonical message model (Anthropic Messages shape).
export type {
  Role,
  Message,
  ContentBlock,
  TextBlock,
  ToolUseBlock,
  ToolResultBlock,
  ThinkingBlock,
  RedactedThinkingBlock,
  ImageBlock,
  ServerToolUseBlock,
  ServerToolResultBlock,
  UnknownBlock,
  MessageFate,
  PruneStrategy,
  PrunerConfig,
  ToolLink,
  OrphanBlock,
  ToolLinks,
} from '../core';

// Pruning, one shot: `pruneMessages(messages, { strategy, maxTurns | maxTokens, …options })`.
export { pruneMessages } from '../core';

// The strategies: every list of them (the CLI's flags, a settings form) reads the registry.
export { STRATEGY_REGISTRY, getStrategy, isStrategyId } from '../core';
export type {
  StrategyId,
  PruneConfig,
  StrategyConfig,
  RegisteredStrategy,
  StrategyDefinition,
  OptionSpec,
  PruneBound,
  CommonPruneOptions,
  CheckedBound,
  SlidingWindowConfig,
  SummarizeConfig,
  ImportanceConfig,
  ObservationMaskingConfig,
  TokenBudgetConfig,
  GovernorStrategyConfig,
} from '../core';

// Analyse once, plan per bound: what a UI or a many-budget report uses.
export { analyzeTranscript, planPrune, applyPrunePlan, planOutputOrigins, withTokens, FATE, FATE_NAMES, REASON, REASON_TEXT } from '../core';
export type {
  TranscriptAnalysis,
  AnalyzeOptions,
  PrunePlan,
  StrategyPlan,
  PlanExplanation,
  PlanCells,
  PlanInsert,
  PlanOverrun,
  ReasonCode,
  ReasonName,
} from '../core';

// Tool pairs, importance (seed 002) and sizes.
export { findToolPairs, linkToolCalls, toolBlockKind, scoreMessage, scoreBreakdown, messageTextLength, estimateTokens } from '../core';
export type { ToolPairIndices, ScoreBreakdown } from '../core';

// Tokens: real vocabularies (bundled, each loaded on first use), framing, images.
export {
  createTokenCounter,
  charsTokenCounter,
  countMessageTokens,
  countSystemTokens,
  framingForCounter,
  ANTHROPIC_FRAMING,
  OPENAI_FRAMING,
  ANTHROPIC_IMAGE_LIMITS,
  CLAUDE_CONTENT_SCALE,
  imageTokens,
  readImageSize,
  keepsPriorThinking,
} from '../core';
export type {
  TokenEncoding,
  TokenCounter,
  TokenCounterFallback,
  MessageFraming,
  ImageTokenLimits,
  ImageSize,
  CreateTokenCounterOptions,
  VocabularyLoader,
  CountMessageTokensOptions,
} from '../core';

// What the API would reject, and the repair that fixes it. Both take messages, not files: an agent checks what it
// is about to send.
export { validateMessages, repairMessages } from '../core';
export type { Provider, ValidationProblem, RepairOptions, RepairChange, RepairResult } from '../core';

// Seed 003's ContextPruner and the extractive summarizer it can use without a model.
export {
  ContextPruner,
  classifyPruneUrgency,
  selectTurnsForSummarization,
  toContextWindow,
  fromContextWindow,
  isContextSummary,
  CONTEXT_SUMMARY_MARKER,
  CONTEXT_PRUNER_DEFAULTS,
  createExtractiveSummarizer,
  summarizeExtractive,
} from '../core';
export type {
  MessageLike,
  ConversationTurn,
  ContextWindow,
  PruneUrgency,
  AbortSignalLike,
  SummarizeOptions,
  Summarizer,
  SyncSummarize,
  ContextPrunerConfig,
  PruneSkipReason,
  PrunerResult,
  ToContextWindowOptions,
  ExtractiveSummarizer,
  ExtractiveSummarizerOptions,
} from '../core';

// Seed 004's governor is the `governor` strategy; these configure it and say what it would read from a transcript.
export { GOVERNOR_PROFILES, TASK_INTENTS, UNIT_TYPES, classifyIntent, detectTranscriptIntent, findUserPrompts, parseGovernorConfig } from '../core';
export type {
  TaskIntent,
  ContextUnitType,
  GovernorProfileName,
  IntentClassification,
  GovernorIntent,
  ScoreWeights,
  TypeWeights,
  GovernorProfile,
  CustomScoreWeights,
  CustomTypeWeights,
  GovernorConfig,
  UserPrompts,
} from '../core';

// Replay: what each strategy would have cost an agent, request by request, with prompt caching.
export { replayTranscript, loadModelPrices, listModels, cacheRulesFor, priceRequest, defaultReplayModel } from '../core';
export type {
  ModelPrices,
  CacheRules,
  ReplayTrigger,
  ReplayStrategy,
  ReplayOptions,
  RequestCost,
  ReplayTotals,
  StrategyReplay,
  ReplayResult,
  RequestShape,
  RequestPrice,
} from '../core';
