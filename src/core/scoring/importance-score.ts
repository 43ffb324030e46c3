import { LENGTH_CAP, LENGTH_DIVISOR, RECENCY_WEIGHT, TOOL_BONUS } from './importance-weights';

/**
 * The importance formula of seed 002 §5/§7, as one number:
 * `(index / total) · 0.5 + 0.3 · hasToolBlock + min(textLength / 5000, 0.2)`.
 * No object per call, so ranking 100k messages allocates nothing; `scoreBreakdown` gives the parts.
 */
export function importanceScore(index: number, total: number, hasToolBlock: boolean, textLength: number): number {
  return (total > 0 ? (index / total) * RECENCY_WEIGHT : 0) + (hasToolBlock ? TOOL_BONUS : 0) + Math.min(Math.max(textLength, 0) / LENGTH_DIVISOR, LENGTH_CAP);
}
