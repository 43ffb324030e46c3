import { importanceScore } from './importance-score';
import { LENGTH_CAP, LENGTH_DIVISOR, RECENCY_WEIGHT, TOOL_BONUS } from './importance-weights';

/** Seed 002's importance score of a message, term by term. */
export interface ScoreBreakdown {
  /** (index / total) · 0.5: newer messages matter more. */
  recency: number;
  /** 0.3 when the message holds a tool call or tool result, else 0. */
  toolBonus: number;
  /** min(textLength / 5000, 0.2): longer messages carry more, up to a cap. */
  length: number;
  /** The sum, in [0, 1). */
  total: number;
}

/**
 * The importance formula of seed 002 §5/§7, split into its parts so the inspector can show why a message
 * scored what it did: `(index / total) · 0.5 + 0.3 · hasToolBlock + min(textLength / 5000, 0.2)`. `total` is
 * `importanceScore` itself, so the parts shown always add up to the score the strategy used.
 */
export function scoreBreakdown(
  index: number,
  total: number,
  hasToolBlock: boolean,
  textLength: number,
): ScoreBreakdown {
  const recency = total > 0 ? (index / total) * RECENCY_WEIGHT : 0;
  const toolBonus = hasToolBlock ? TOOL_BONUS : 0;
  const length = Math.min(Math.max(textLength, 0) / LENGTH_DIVISOR, LENGTH_CAP);
  return { recency, toolBonus, length, total: importanceScore(index, total, hasToolBlock, textLength) };
}
