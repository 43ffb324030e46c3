import type { MessageGroups } from '../links/group-messages';
import { importanceScore } from './importance-score';

export interface MessageScores {
  /** Per message: `messageTextLength`. */
  textLength: Float64Array;
  /** Per message: 1 when it holds a tool call or result (paired or not). */
  hasToolBlock: Uint8Array;
  /** Per message: `scoreMessage`. */
  score: Float64Array;
  /** Per unit (the groups given): the highest score among its members. */
  unitScore: Float64Array;
}

/**
 * Scores every message (`scoreMessage`'s formula) and every group, from the text lengths `groupMessages` measured.
 *
 * A group scores as its most important member. Dropping a group loses every member, so a short call must not
 * drag a long, recent result below an idle chat line; taking the mean or the minimum would do just that.
 */
export function scoreMessages(groups: MessageGroups): MessageScores {
  // `groups` are importance's units: the tool groups, glued to orphans' neighbours (glueBrokenTurns).
  const { count, scan, groupOf, groupFirst } = groups;

  // The scan marked them as it read each block's type (paired calls and results, and orphans).
  const hasToolBlock = scan.toolBlock;

  const { textLength } = scan;
  const score = new Float64Array(count);
  const unitScore = new Float64Array(groupFirst.length).fill(-Infinity);
  for (let i = 0; i < count; i++) {
    const length = textLength[i] as number;
    const s = importanceScore(i, count, hasToolBlock[i] === 1, length);
    score[i] = s;
    const g = groupOf[i] as number;
    if (s > (unitScore[g] as number)) unitScore[g] = s;
  }
  return { textLength, hasToolBlock, score, unitScore };
}
