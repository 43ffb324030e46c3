import type { MessageGroups } from '../../links/group-messages';
import { importanceScore } from '../../scoring/importance-score';
import { estimateTokens } from '../../tokens/estimate-tokens';

/** What importance's one-shot plan reads of the messages, per message and per unit. */
export interface QuickUnitFigures {
  /** Per message: its tokens (the scan's text lengths, turned into tokens in place). */
  tokens: Float64Array;
  /** The total first; under a token bound, every suffix's tokens (`suffixTokens[count]` is 0). */
  suffixTokens: Float64Array;
  /** Per unit: its best member's score (`scoreMessages`' unitScore). */
  unitScore: Float64Array;
  /** Per unit: its members' tokens (`unitTokens`). */
  unitTokens: Float64Array;
}

/**
 * Scores, tokens and their sums per unit and per suffix in one pass over the messages, for importance's one-shot
 * plan: as separate passes (scores, tokens, `unitTokens`) each read the same 100k-entry arrays again.
 * The scan's text lengths are read for the last time here, so each becomes its message's tokens in place: the
 * scan is the caller's own. Token sums are of integers below 2⁵³, so their order changes nothing.
 */
export function quickUnitFigures(units: MessageGroups, tokenBound: boolean): QuickUnitFigures {
  const { count, scan, groupOf, groupFirst } = units;
  const { textLength, toolBlock } = scan;
  const unitScore = new Float64Array(groupFirst.length).fill(-Infinity);
  const unitTokens = new Float64Array(groupFirst.length);
  const tokens = textLength;
  // Without a token bound only the total is read (planImportance looks past suffixTokens[0] only to refill).
  const suffixTokens = new Float64Array(tokenBound ? count + 1 : 1);
  let total = 0;
  for (let i = count - 1; i >= 0; i--) {
    const length = textLength[i] as number;
    const u = groupOf[i] as number;
    const score = importanceScore(i, count, toolBlock[i] === 1, length);
    if (score > (unitScore[u] as number)) unitScore[u] = score;
    const t = estimateTokens(length);
    tokens[i] = t;
    unitTokens[u] = (unitTokens[u] as number) + t;
    total += t;
    if (tokenBound) suffixTokens[i] = total;
  }
  suffixTokens[0] = total;
  return { tokens, suffixTokens, unitScore, unitTokens };
}
