import type { SummarizeOptions } from '../summary/types';
import type { ContextPrunerConfig, ContextWindow, ConversationTurn, PrunerResult, Summarizer } from './types';
import { resolveContextPrunerConfig, type ResolvedContextPrunerConfig } from './resolve-context-pruner-config';
import { readContextWindow } from './read-context-window';
import { selectTokenBudgetCut } from './select-token-budget-cut';
import { completeTokenBudgetPlan } from './complete-token-budget-plan';
import { deriveSummaryId } from './derive-summary-id';
import { assemblePrunedWindow } from './assemble-pruned-window';

/**
 * Keeps a conversation under a token budget by summarizing its middle (seed 003): when the window exceeds the soft
 * limit (default 500,000 tokens), the turns between the pinned prefix and the recent tail go to the summarizer and
 * are replaced by one user turn, `[Context Summary]\n…`. Above the hard limit (default 800,000) pruning is forced,
 * the tail shrinking down to the last message's tool group. Tool groups are never split, pinned turns never reach
 * the summarizer, an earlier summary is handed to the summarizer to carry over (never nested), and a prune that
 * would not shrink the window, a summarizer that throws, or an abort leaves the window as it was, with a `reason`.
 *
 * The selection is `planTokenBudgetPrune`'s (see `selectTokenBudgetCut`), so the inspector shows what this does.
 */
export class ContextPruner {
  private readonly summarizer: Summarizer;
  private readonly config: ResolvedContextPrunerConfig;

  /**
   * @param summarizer anything with `summarize(turns, taskContext, options)`; `createExtractiveSummarizer()` needs no model
   * @param config every field optional (see `ContextPrunerConfig` for defaults and ranges)
   * @throws {TypeError} when `summarizer` has no `summarize` function, or for a config field of the wrong type
   * @throws {RangeError} for a config value out of range
   */
  constructor(summarizer: Summarizer, config?: ContextPrunerConfig) {
    if (summarizer === null || typeof summarizer !== 'object' || typeof summarizer.summarize !== 'function') {
      throw new TypeError('ContextPruner: summarizer must be an object with summarize(turns, taskContext, options)');
    }
    this.summarizer = summarizer;
    this.config = resolveContextPrunerConfig(config);
  }

  /**
   * Prunes `window` if it is over the soft limit. Never mutates `window`; when nothing changes, `result.window` is
   * `window` itself. `taskContext` goes to the summarizer as is; `options.signal` is passed on and checked after it.
   *
   * @throws {TypeError | RangeError} only for a malformed window (see `readContextWindow`); summarizer failures are
   *   results with reason `summarizer-failed` or `aborted`
   */
  async prune(window: ContextWindow, taskContext = '', options: SummarizeOptions = {}): Promise<PrunerResult> {
    const { config } = this;
    const read = readContextWindow(window, 'ContextPruner.prune');
    const cut = selectTokenBudgetCut(read.turns, read.tokenCounts, read.pinned, window.totalTokenEstimate, config);
    const unchanged = (fields: Omit<PrunerResult, 'pruned' | 'window' | 'urgency'>): PrunerResult => ({
      pruned: false,
      window,
      urgency: cut.urgency,
      ...fields,
    });
    if (cut.reason !== undefined) return unchanged({ reason: cut.reason, ...(cut.detail ? { detail: cut.detail } : {}) });

    const candidates = Array.from(cut.summarized, (i) => read.turns[i] as ConversationTurn);
    const { signal } = options;
    const aborted = (error: unknown) =>
      unchanged({ reason: 'aborted', detail: 'the prune was aborted before the summary was used', error });
    if (signal?.aborted) return aborted(signal.reason);

    let text: unknown;
    try {
      text = await this.summarizer.summarize(candidates, taskContext, signal === undefined ? {} : { signal });
    } catch (error) {
      if (signal?.aborted) return aborted(error);
      const message = error instanceof Error ? error.message : String(error);
      return unchanged({ reason: 'summarizer-failed', detail: `the summarizer threw: ${message}`, error });
    }
    if (signal?.aborted) return aborted(signal.reason);
    if (typeof text !== 'string') {
      return unchanged({ reason: 'summarizer-failed', detail: `the summarizer returned ${typeof text}, expected a string` });
    }

    const id = config.createId ? config.createId(candidates) : deriveSummaryId(candidates.map((turn) => turn.id));
    const plan = completeTokenBudgetPlan(cut, text, config.counter, id);
    if (!plan.pruned) return unchanged({ reason: 'not-smaller', ...(plan.detail ? { detail: plan.detail } : {}) });

    const summaryTurn: ConversationTurn = {
      id,
      role: 'user',
      content: plan.summaryContent as string,
      timestamp: config.now(),
      pinned: false,
      tokenEstimate: 0,
    };
    const next = assemblePrunedWindow(read.turns, plan.fates, plan.summaryBefore, summaryTurn, config.counter, read.overheadTokens);
    // Only stale estimates in the input can make the recount disagree with the plan; the recount is the truth.
    if (next.totalTokenEstimate >= window.totalTokenEstimate) {
      return unchanged({
        reason: 'not-smaller',
        detail: `recounted, the pruned window holds ${next.totalTokenEstimate} tokens, not fewer than ${window.totalTokenEstimate}`,
      });
    }
    return {
      pruned: true,
      window: next,
      urgency: cut.urgency,
      summary: text,
      removedTurnCount: candidates.length,
      tokensSaved: Math.max(0, window.totalTokenEstimate - next.totalTokenEstimate),
    };
  }
}
