/** Seed 003's limits and tail; `pinnedPrefixTurns` is this project's choice (see `ContextPrunerConfig`). */
export const CONTEXT_PRUNER_DEFAULTS = {
  softLimitTokens: 500_000,
  hardLimitTokens: 800_000,
  pinnedPrefixTurns: 1,
  recentTailTurns: 5,
  pinTask: false,
} as const;
