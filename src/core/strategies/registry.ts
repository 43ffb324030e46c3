import type { StrategyPlan } from '../plan/types';
import type { StrategyDefinition } from './types';
import { slidingWindowStrategy } from './sliding-window/sliding-window-strategy';
import { summarizeStrategy } from './summarize/summarize-strategy';
import { importanceStrategy } from './importance/importance-strategy';
import { observationMaskingStrategy } from './observation-masking/observation-masking-strategy';
import { tokenBudgetStrategy } from './token-budget/token-budget-strategy';
import { governorStrategy } from './governor/governor-strategy';
import { anthropicClearToolUsesStrategy } from './anthropic-clear-tool-uses/anthropic-clear-tool-uses-strategy';
import { anthropicClearThinkingStrategy } from './anthropic-clear-thinking/anthropic-clear-thinking-strategy';
import { anthropicCompactionStrategy } from './anthropic-compaction/anthropic-compaction-strategy';
import { claudeCodeCompactStrategy } from './claude-code-compact/claude-code-compact-strategy';
import { codexCompactStrategy } from './codex-compact/codex-compact-strategy';
import { sweAgentLastNStrategy } from './swe-agent-last-n/swe-agent-last-n-strategy';
import { langChainSummarizationStrategy } from './langchain-summarization/langchain-summarization-strategy';
import { openHandsCondenserStrategy } from './openhands-condenser/openhands-condenser-strategy';

/**
 * Every strategy, in the order the inspector offers them. Adding one is a folder beside these and a line here: the
 * id, config and settings unions below, the validation, `planPrune`, `pruneMessages`, the worker, the lanes, the CLI
 * and the URL hash all read this list.
 */
export const STRATEGY_REGISTRY = [slidingWindowStrategy, summarizeStrategy, importanceStrategy, observationMaskingStrategy, tokenBudgetStrategy, governorStrategy, anthropicClearToolUsesStrategy, anthropicClearThinkingStrategy, anthropicCompactionStrategy, claudeCodeCompactStrategy, codexCompactStrategy, sweAgentLastNStrategy, langChainSummarizationStrategy, openHandsCondenserStrategy] as const;

/** The id of a registered strategy: the seed's three, and those added since. */
export type StrategyId = (typeof STRATEGY_REGISTRY)[number]['id'];

/**
 * The config `pruneMessages` and `planPrune` take, by seed 001's name (the package's): `{ strategy, maxTurns }` for the
 * seed's strategies, `maxTokens` for any, and each strategy's own options. `PruneConfig` is the same type, the core's
 * own name for it.
 */
export type PrunerConfig = Parameters<(typeof STRATEGY_REGISTRY)[number]['normalize']>[0];

/** The config of any registered strategy, told apart by `strategy` (the package calls it `PrunerConfig`). */
export type PruneConfig = PrunerConfig;

/** The config of one strategy. */
export type StrategyConfig<Id extends StrategyId> = Extract<PrunerConfig, { strategy: Id }>;

/** A plan of any registered strategy. */
export type PrunePlan = StrategyPlan<StrategyId>;

/** A registered strategy's definition, with its types erased for code that handles every strategy alike. */
export type RegisteredStrategy = StrategyDefinition<StrategyId, PrunerConfig, unknown>;
