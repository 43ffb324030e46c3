import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { CheckedBound, StrategyPlan } from '../../plan/types';
import type { ContextPrunerConfig } from '../../context-pruner/types';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';
import { planTokenBudgetPrune } from '../../context-pruner/plan-token-budget-prune';
import { createExtractiveSummarizer } from '../../summary/create-extractive-summarizer';
import { formatNumber } from '../../text/format-number';

export interface TokenBudgetSettings extends CheckedBound {
  softLimitTokens: number;
  hardLimitTokens: number;
  pinnedPrefixTurns: number;
  recentTailTurns: number;
  pinTask: boolean;
  summaryMaxTokens: number;
  ownLimits: boolean;
  pinned: readonly number[];
}

/**
 * Seed 003's `ContextPruner` as a plan over an analysed transcript, with the extractive summarizer: the same
 * selection `ContextPruner.prune` makes (`planTokenBudgetPrune`), so the inspector and the CLI show what the
 * library does. A shared token budget (`maxTokens`) stands for both limits: the lane then answers "what fits in
 * this budget", forced as above the hard limit. Without one, the seed's soft and hard limits apply.
 */
export function planTokenBudget(analysis: TranscriptAnalysis, settings: TokenBudgetSettings): StrategyPlan<'token-budget'> {
  const { count, messages, tokens, suffixTokens, counter } = analysis;
  const total = suffixTokens[0] as number;
  const shared = settings.maxTokens !== Infinity && !settings.ownLimits;
  // With its own limits the lane answers to the hard limit, not to the shared budget.
  const plan = emptyPlan('token-budget', { maxTurns: Infinity, maxTokens: shared ? settings.maxTokens : settings.hardLimitTokens }, count, total);
  const config: ContextPrunerConfig = {
    softLimitTokens: shared ? settings.maxTokens : settings.softLimitTokens,
    hardLimitTokens: shared ? settings.maxTokens : settings.hardLimitTokens,
    pinnedPrefixTurns: settings.pinnedPrefixTurns,
    recentTailTurns: settings.recentTailTurns,
    pinTask: settings.pinTask,
    counter,
  };
  const summarizer = createExtractiveSummarizer({ counter, maxTokens: settings.summaryMaxTokens });
  const result = planTokenBudgetPrune({
    messages,
    tokenCounts: tokens,
    totalTokens: total,
    pinned: settings.pinned.filter((i) => Number.isInteger(i) && i >= 0 && i < count),
    config,
    summarize: summarizer.summarizeSync,
    // Units, not bare tool groups: a broken block's turn stays whole, so a broken input gains no API problem.
    groups: { count, scan: analysis.scan, groupOf: analysis.unitOf, groupFirst: analysis.unitFirst, groupSize: analysis.unitSize },
  });
  const k = (n: number) => formatNumber(n, 'compact');
  const headline = `Urgency ${result.urgency}: ${k(total)} tokens; ${shared ? `budget ${k(settings.maxTokens)}` : `soft ${k(settings.softLimitTokens)}, hard ${k(settings.hardLimitTokens)}`}${result.pruned ? `; ${k(total - result.tokensAfter)} saved` : result.detail ? `; ${result.detail}` : ''}`;
  plan.explain = { headline, about: () => undefined };
  if (!result.pruned) {
    plan.reasons.fill(result.urgency === 'none' ? REASON.belowSoftLimit : REASON.fits);
    return withOverrun(plan, config.hardLimitTokens as number, result.detail);
  }
  const pinned = new Set(settings.pinned);
  let keptTokens = 0;
  for (let i = 0; i < count; i++) {
    const fate = result.fates[i] as number;
    plan.fates[i] = fate;
    if (fate === FATE.kept) {
      keptTokens += tokens[i] as number;
      plan.reasons[i] = pinned.has(i) ? REASON.pinned : i < result.summaryBefore ? REASON.pinnedPrefix : REASON.recentTail;
    } else {
      plan.reasons[i] = REASON.replacedBySummary;
    }
  }
  plan.kept = result.kept.length;
  plan.summarized = result.summarized.length;
  plan.tokens = result.tokensAfter;
  if (result.summaryContent !== undefined) {
    plan.inserts = [
      {
        before: result.summaryBefore,
        message: { role: 'user', content: result.summaryContent },
        replaces: result.summarized.length,
        tokens: Math.max(0, result.tokensAfter - keptTokens),
      },
    ];
  }
  return withOverrun(plan, config.hardLimitTokens as number, result.detail);
}

function withOverrun<P extends StrategyPlan>(plan: P, limit: number, detail: string | undefined): P {
  if (plan.tokens > limit) {
    plan.over = {
      unit: 'tokens',
      by: plan.tokens - limit,
      why: detail ?? 'the pinned prefix, the pinned messages and the last message alone are over the limit',
    };
  }
  return plan;
}
