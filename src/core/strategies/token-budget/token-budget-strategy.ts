import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { checkBound } from '../../plan/check-bound';
import { checkOption } from '../check-option';
import { booleanOption } from '../boolean-option';
import { integerOption } from '../integer-option';
import { formatNumber } from '../../text/format-number';
import { planTokenBudget, type TokenBudgetSettings } from './plan-token-budget';
import { replayTokenBudget } from './replay-token-budget';

/** The `token-budget` strategy's config (seed 003's `ContextPruner` as a strategy). */
export interface TokenBudgetConfig extends CommonPruneOptions {
  strategy: 'token-budget';
  /** Used without `maxTokens`: above it the middle is summarized. Default is 500,000 (seed 003). Range 0–100,000,000. */
  softLimitTokens?: number;
  /** Used without `maxTokens`: above it pruning is forced. Default is 800,000 (seed 003). Range 0–100,000,000. */
  hardLimitTokens?: number;
  /** The first N messages are never summarized. Default is 1 (the task). Range 0–10,000. */
  pinnedPrefixTurns?: number;
  /** The last N messages are kept. Default is 5. Range 1–10,000. */
  recentTailTurns?: number;
  /** Keep the first user request, wherever it is. Default is false. */
  pinTask?: boolean;
  /** The summary's size bound. Default is 4,000 tokens. Range 16–1,000,000. */
  summaryMaxTokens?: number;
  /** Use the soft and hard limits even when a shared `maxTokens` is given (the inspector's lanes all get one). Default is false. */
  ownLimits?: boolean;
}

const OPTIONS = [
  integerOption('softLimitTokens', 'Soft limit', 'Without a shared budget: above it the middle is summarized.', 500_000, 0, 100_000_000, 'tokens'),
  integerOption('hardLimitTokens', 'Hard limit', 'Without a shared budget: above it pruning is forced.', 800_000, 0, 100_000_000, 'tokens'),
  integerOption('pinnedPrefixTurns', 'Pinned prefix', 'The first messages, never summarized.', 1, 0, 10_000, 'messages'),
  integerOption('recentTailTurns', 'Recent tail', 'The last messages, always kept.', 5, 1, 10_000, 'messages'),
  booleanOption('pinTask', 'Pin the task', 'Keep the first user request wherever it is.', false),
  integerOption('summaryMaxTokens', 'Summary size', 'The most tokens the summary may hold.', 4_000, 16, 1_000_000, 'tokens'),
  booleanOption('ownLimits', 'Own limits', 'Use the soft and hard limits above instead of the shared budget (the seed: 500k / 800k).', false),
] as const;

/**
 * Seed 003's token-budget `ContextPruner`: keep a pinned prefix and a recent tail, replace what lies between with one
 * extractive summary (`[Context Summary]`), never nesting summaries and never splitting a tool pair.
 */
export const tokenBudgetStrategy = defineStrategy({
  id: 'token-budget',
  label: 'Token budget',
  description: 'Keeps a pinned prefix and the recent tail, and replaces the middle with one extractive summary that names the requests, files, commands and errors it stands for.',
  bounds: ['maxTokens'],
  needsBound: false,
  honoursPins: true,
  slow: true,
  sweepCost: 5,
  options: OPTIONS,
  unboundNote: (unit, option, totalTokens) => {
    const soft = option('softLimitTokens') as number;
    const hard = option('hardLimitTokens') as number;
    const limits = totalTokens <= soft ? `under its own ${formatNumber(soft, 'compact')} limit` : `it runs on its own limits (${formatNumber(soft, 'compact')} / ${formatNumber(hard, 'compact')})`;
    if (unit === 'messages') return `Not bound by messages; ${limits}.`;
    return option('ownLimits') === true ? `Not bound by the budget: ${limits}.` : undefined;
  },
  normalize: (config: TokenBudgetConfig): TokenBudgetSettings => {
    const soft = checkOption(config, OPTIONS[0]);
    const hard = checkOption(config, OPTIONS[1]);
    if (hard < soft) throw new RangeError(`pruneMessages: hardLimitTokens (${hard}) must be at least softLimitTokens (${soft})`);
    return {
      ...checkBound({ maxTokens: config.maxTokens }, 'token-budget', false),
      softLimitTokens: soft,
      hardLimitTokens: hard,
      pinnedPrefixTurns: checkOption(config, OPTIONS[2]),
      recentTailTurns: checkOption(config, OPTIONS[3]),
      pinTask: checkOption(config, OPTIONS[4]),
      summaryMaxTokens: checkOption(config, OPTIONS[5]),
      ownLimits: checkOption(config, OPTIONS[6]),
      pinned: config.pinned ?? [],
    };
  },
  plan: planTokenBudget,
  // At or below its soft limit nothing changes: the shared budget stands for both limits, unless told to keep its own
  // (the rule of `planTokenBudget`).
  keepsEverything: (settings, _count, total) => total <= (settings.maxTokens !== Infinity && !settings.ownLimits ? settings.maxTokens : settings.softLimitTokens),
  // The cut on the context's valid cuts and the middle's summary resumed request by request: no plan of each history.
  replay: { stateless: replayTokenBudget },
});
