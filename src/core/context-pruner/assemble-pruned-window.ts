import type { TokenCounter } from '../tokens/types';
import { FATE } from '../plan/fate';
import type { ContextWindow, ConversationTurn } from './types';
import { annotateWithTokenEstimates } from './annotate-with-token-estimates';

/**
 * Steps 7–9 of seed 003 once the plan is known: the kept turns in order with `summaryTurn` before turn
 * `summaryBefore`, every turn re-annotated by `counter`, and the total: their sum plus `overheadTokens` (what the
 * window counted beyond its turns, such as the system prompt). Shared by `buildPrunedWindow` and `ContextPruner`.
 */
export function assemblePrunedWindow(
  turns: readonly ConversationTurn[],
  fates: Uint8Array,
  summaryBefore: number,
  summaryTurn: ConversationTurn,
  counter: TokenCounter,
  overheadTokens: number,
): ContextWindow {
  const out: ConversationTurn[] = [];
  for (let i = 0; i < turns.length; i++) {
    if (i === summaryBefore) out.push(summaryTurn);
    if (fates[i] === FATE.kept) out.push(turns[i] as ConversationTurn);
  }
  if (summaryBefore >= turns.length) out.push(summaryTurn);
  const annotated = annotateWithTokenEstimates(out, counter);
  let total = overheadTokens;
  for (const turn of annotated) total += turn.tokenEstimate;
  return { turns: annotated, totalTokenEstimate: total };
}
