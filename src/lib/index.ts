/**
 * `prunescope`: the package's main entry. What a program needs to prune messages it already holds (an agent loop, a
 * proxy, a UI): one call (`pruneMessages`), the analyse-once planning API, the strategies' registry and configs, the
 * seeds' `ContextPruner` and `planGovernor`, token counting, the API validator and the repair, and the replay.
 *
 * The split: `src/core/index.ts` is the core's barrel for the inspector (the worker, the state and the UI), which
 * may also import core internals by path; this file and `formats.ts` are the package's public API, curated by hand,
 * and `etc/*.api.md` is its report (`npm run test:package` fails when the surface changes without it: run
 * `npm run api:update` and commit the report). Reading and writing files is `prunescope/formats`; both entries share
 * one chunk of code, and the package is free of side effects, so a bundler leaves the parsers out of a program that
 * only prunes.
 */

// The canonical message model (Anthropic Messages shape).
export type {
  Role,
  Message,
  MessageLike,
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
} from '../core';

// Pruning, one shot: `pruneMessages(messages, { strategy, maxTurns | maxTokens, …options })`.
export { pruneMessages, pruneWithReport } from '../core';
export type { PrunableMessage, PruneReport } from '../core';
export type { PrunerConfig, StrategyId, MessageFate, PruneBound, CommonPruneOptions } from '../core';
export type { SlidingWindowConfig, SummarizeConfig, ImportanceConfig, ObservationMaskingConfig, TokenBudgetConfig, GovernorStrategyConfig } from '../core';

// The strategies: every list of them (the CLI's flags, a settings form) reads the registry.
export { STRATEGY_REGISTRY, getStrategy, isStrategyId } from '../core';
export type { RegisteredStrategy, StrategyDefinition, OptionSpec, CheckedBound, MessageList } from '../core';

// Analyse once, plan per bound: what a UI or a many-budget report uses.
export { analyzeTranscript, planPrune, applyPrunePlan, planOutputOrigins, withTokens, FATE, FATE_NAMES, REASON, REASON_TEXT } from '../core';
export type { TranscriptAnalysis, AnalyzeOptions, MessageGroups, MessageScan, ImportanceRanking, ValidCuts, PrunePlan, StrategyPlan, PlanInsert, PlanOverrun, PlanExplanation, PlanCells, ReasonCode, ReasonName } from '../core';

// Tool pairs and importance (seed 002).
export { findToolPairs, linkToolCalls, scoreMessage, scoreBreakdown } from '../core';
export type { ToolPairIndices, ToolLinks, ToolLink, OrphanBlock, ScoreBreakdown } from '../core';

// Tokens: real vocabularies (bundled, each loaded on first use).
export { createTokenCounter, charsTokenCounter, countMessageTokens, countSystemTokens, resendsThinking } from '../core';
export type { TokenEncoding, TokenCounter, TokenCounterFallback, CreateTokenCounterOptions, VocabularyLoader, CountMessageTokensOptions } from '../core';

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
  contentText,
  annotateWithTokenEstimates,
  estimateMessagesTokenCount,
  buildPrunedWindow,
  CONTEXT_SUMMARY_MARKER,
  CONTEXT_PRUNER_DEFAULTS,
  createExtractiveSummarizer,
} from '../core';
export type {
  ConversationTurn,
  ContextWindow,
  PruneUrgency,
  AbortSignalLike,
  SummarizeOptions,
  Summarizer,
  ContextPrunerConfig,
  PruneSkipReason,
  PrunerResult,
  ToContextWindowOptions,
  ExtractiveSummarizer,
  ExtractiveSummarizerOptions,
} from '../core';

// A model of the user's own for summaries: Anthropic Messages, OpenAI Chat (and any compatible server) or Responses.
export { createModelSummarizer, withModelSummaries, MODEL_SUMMARY_PROMPT, ModelRequestError } from '../core';
export type {
  ModelSummarizer,
  ModelSummarizerOptions,
  ModelSummariesOptions,
  ModelProtocol,
  ModelErrorKind,
  FetchLike,
  FetchInit,
  ResponseLike,
  HeadersLike,
  BodyReaderLike,
} from '../core';

// Seed 004's governor: the `governor` strategy, `planGovernor` for one call with the caller's counts, and what it
// reads from a transcript.
export { planGovernor, GOVERNOR_PROFILES, TASK_INTENTS, UNIT_TYPES, classifyIntent, detectTranscriptIntent, findUserPrompts, parseGovernorConfig } from '../core';
export type {
  GovernorInput,
  GovernorPlan,
  Summarize,
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

// The advisor: which setting to run. Probes of what a pruned context still holds (recall, artifact, continuation,
// decision), a sweep of every strategy over bounds and live triggers, replayed and priced, the Pareto frontier of
// cost against loss, and a recommendation under constraints. Plain data in and out (a worker posts it as it is).
export { findProbes, scoreProbes, PROBE_FAMILIES, sweepTranscript, sweepTranscriptAsync, mergeSweepParts, adviseSweeps, paretoFrontier, describeSetting } from '../core';
export { askProbes, probePrompts, PROBE_SYSTEM_PROMPT } from '../core';
export type { CompleteFn, ModelProbeReport, ModelProbeResult, ProbePrompt } from '../core';
export type {
  Probe,
  ProbeFamily,
  ProbeKind,
  ProbeSite,
  ProbeFate,
  ProbeScore,
  FamilyScore,
  SweepOptions,
  SweepSetting,
  SweepPoint,
  SweepSkip,
  SweepResult,
  SweepReplayInputs,
  TranscriptToSweep,
  AdviceConstraints,
  KeepTarget,
  Advice,
  AdvicePoint,
  CostLoss,
} from '../core';

// Replay: what each strategy would have cost an agent, request by request, with prompt caching.
export {
  replayTranscript,
  loadModelPrices,
  hourWritePrice,
  hasHourWritePrice,
  listModels,
  cacheRulesFor,
  priceHarnessRequests,
  explainRecordedFit,
  RECORDED_FIT_TARGETS,
} from '../core';
export type {
  ModelPrices,
  CacheRules,
  ObservedCache,
  CacheRule,
  RecordedComparison,
  RecordedRequestCheck,
  HarnessRequest,
  HarnessBill,
  RecordedFit,
  ExplainRecordedFitOptions,
  ReplayTrigger,
  ReplayStrategy,
  ReplayOptions,
  RequestCost,
  ReplayTotals,
  StrategyReplay,
  ReplayResult,
  RecordedRequest,
  RecordedTotal,
  RecordedTotalComparison,
} from '../core';
