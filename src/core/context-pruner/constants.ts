import type { TokenCounter } from '../tokens/types';
import { estimateTokens } from '../tokens/estimate-tokens';

/**
 * The first line of every summary turn; how an earlier summary is recognised and never summarized into a nested one,
 * and why no reader takes it for what the user typed (`userPromptText`).
 */
export { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';

/** Seed 003's limits and tail; `pinnedPrefixTurns` is this project's choice (see `ContextPrunerConfig`). */
export const CONTEXT_PRUNER_DEFAULTS = {
  softLimitTokens: 500_000,
  hardLimitTokens: 800_000,
  pinnedPrefixTurns: 1,
  recentTailTurns: 5,
  pinTask: false,
} as const;

/**
 * Characters ÷ 4, rounded up: the counter used when none is given. It needs no vocabulary; pass a real one
 * (`src/core/tokens`) for counts that match a provider's.
 */
export const CHARS_TOKEN_COUNTER: TokenCounter = {
  encoding: 'chars',
  count: (text: string) => estimateTokens(text.length),
};
