import type { ContextPrunerConfig, ContextWindow, ConversationTurn } from './types';
import { resolveContextPrunerConfig } from './resolve-context-pruner-config';
import { readContextWindow } from './read-context-window';
import { selectTokenBudgetCut } from './select-token-budget-cut';

/**
 * The turns a prune of this window would hand the summarizer, in order (seed 003's sliding-window candidates):
 * neither in the pinned prefix nor in the recent tail, not pinned, never splitting a tool group, and not an earlier
 * summary alone. Above the hard limit the tail shrinks as `ContextPruner.prune` does; below the soft limit the
 * selection is the one a soft prune would make, so a caller can preview it. Empty when nothing can be summarized.
 *
 * @throws {TypeError | RangeError} for a malformed window (see `readContextWindow`) or config
 */
export function selectTurnsForSummarization(window: ContextWindow, config?: ContextPrunerConfig): ConversationTurn[] {
  const resolved = resolveContextPrunerConfig(config);
  const read = readContextWindow(window, 'selectTurnsForSummarization');
  const cut = selectTokenBudgetCut(read.turns, read.tokenCounts, read.pinned, window.totalTokenEstimate, resolved, undefined, true);
  return Array.from(cut.summarized, (i) => read.turns[i] as ConversationTurn);
}
