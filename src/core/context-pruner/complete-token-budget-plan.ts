import type { TokenCounter } from '../tokens/types';
import { FATE } from '../plan/fate';
import type { TokenBudgetPlan } from './types';
import type { TokenBudgetCut } from './select-token-budget-cut';
import { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';
import { formatNumber } from '../text/format-number';

/**
 * Turns a cut and the summarizer's text into the plan: the summary's content and tokens, tokens after, and the
 * refusal when the result would not be smaller than the input (the compaction loop real systems fall into).
 * `summaryText` is undefined when the cut summarizes nothing. Shared by `planTokenBudgetPrune` and
 * `ContextPruner.prune`.
 */
export function completeTokenBudgetPlan(
  cut: TokenBudgetCut,
  summaryText: string | undefined,
  counter: TokenCounter,
  summaryId: string | undefined,
): TokenBudgetPlan {
  const n = cut.fates.length;
  const unchanged = (reason: TokenBudgetPlan['reason'], detail: string | undefined): TokenBudgetPlan => {
    const kept = new Int32Array(n);
    for (let i = 0; i < n; i++) kept[i] = i;
    return {
      urgency: cut.urgency,
      pruned: false,
      ...(reason === undefined ? {} : { reason }),
      ...(detail === undefined ? {} : { detail }),
      fates: new Uint8Array(n),
      kept,
      summarized: new Int32Array(0),
      summaryBefore: -1,
      tokensBefore: cut.tokensBefore,
      tokensAfter: cut.tokensBefore,
    };
  };
  if (cut.reason !== undefined || summaryText === undefined) return unchanged(cut.reason, cut.detail);

  const summaryContent = `${CONTEXT_SUMMARY_MARKER}\n${summaryText}`;
  const tokensAfter = cut.keptTokens + counter.count(summaryContent);
  if (tokensAfter >= cut.tokensBefore) {
    return unchanged(
      'not-smaller',
      `the summary of ${formatNumber(cut.summarized.length)} ${cut.summarized.length === 1 ? 'turn' : 'turns'} would leave ${formatNumber(tokensAfter)} tokens, not fewer than ${formatNumber(cut.tokensBefore)}`,
    );
  }
  const kept = new Int32Array(n - cut.summarized.length);
  const { fates } = cut;
  if (kept.length * 16 < n) {
    // Few kept (a prune of 100k messages keeps a handful): the built-in search skips the summarized run faster than a loop.
    for (let i = fates.indexOf(FATE.kept), k = 0; i >= 0; i = fates.indexOf(FATE.kept, i + 1)) kept[k++] = i;
  } else {
    for (let i = 0, k = 0; i < n; i++) if (fates[i] === FATE.kept) kept[k++] = i;
  }
  return {
    urgency: cut.urgency,
    pruned: true,
    fates: cut.fates,
    kept,
    summarized: cut.summarized,
    summaryBefore: cut.summaryBefore,
    summaryText,
    summaryContent,
    ...(summaryId === undefined ? {} : { summaryId }),
    tokensBefore: cut.tokensBefore,
    tokensAfter,
  };
}
