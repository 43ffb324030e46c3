import type { ReplayPlanner } from './replay-context';

/**
 * Whether a strategy's plan for `count` messages of `total` tokens keeps every message as it is, known without
 * planning: the bounded strategies do when the messages fit both bounds (the governor then sends every unit, the
 * window strategies and importance return at once), the token budget at or below its soft limit (the shared budget, or its own limit with `ownLimits`). Masking is never
 * known to: it clears old results whatever the bound.
 */
export function keepsEverything(planner: ReplayPlanner, count: number, total: number): boolean {
  const { config, settings } = planner;
  switch (config.strategy) {
    case 'observation-masking':
      return count === 0;
    case 'token-budget': {
      // The same rule as `planTokenBudget`: a shared budget stands for both limits, unless told to keep its own.
      const shared = settings.maxTokens !== Infinity && settings.ownLimits !== true;
      const soft = shared ? settings.maxTokens : (settings.softLimitTokens as number);
      return total <= soft;
    }
    default:
      return count <= settings.maxTurns && total <= settings.maxTokens;
  }
}
