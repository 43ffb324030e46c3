import type { Message } from './types';
import type { MessageGroups } from './group-messages';
import { messageTextLength } from './message-text-length';
import { scoreBreakdown } from './score-breakdown';

export interface ImportanceRanking {
  /** Per message: `messageTextLength`. */
  textLength: Float64Array;
  /** Per message: 1 when it holds a tool call or result (paired or not). */
  hasToolBlock: Uint8Array;
  /** Per message: `scoreMessage`. */
  score: Float64Array;
  /** Per group: the highest score among its members. */
  groupScore: Float64Array;
  /** Group ids in the order importance drops them: lowest group score first, ties by first message index. */
  dropOrder: Int32Array;
}

/**
 * Scores every message and orders the groups for the importance strategy. Reads each message's text once.
 *
 * A group scores as its most important member. Dropping a group loses every member, so a short call must not
 * drag a long, recent result below an idle chat line; taking the mean or the minimum would do just that.
 * The order does not depend on `maxTurns`, so the inspector ranks once and re-plans in O(n) per change.
 */
export function rankMessages(messages: readonly Message[], groups: MessageGroups): ImportanceRanking {
  const { count, links, groupOf, groupFirst } = groups;
  const groupTotal = groupFirst.length;

  const hasToolBlock = new Uint8Array(count);
  for (const pair of links.pairs) {
    hasToolBlock[pair.useIndex] = 1;
    hasToolBlock[pair.resultIndex] = 1;
  }
  for (const orphan of links.orphans) hasToolBlock[orphan.messageIndex] = 1;

  const textLength = new Float64Array(count);
  const score = new Float64Array(count);
  const groupScore = new Float64Array(groupTotal).fill(-Infinity);
  for (let i = 0; i < count; i++) {
    const message = messages[i];
    const length = message ? messageTextLength(message) : 0;
    textLength[i] = length;
    const s = scoreBreakdown(i, count, hasToolBlock[i] === 1, length).total;
    score[i] = s;
    const g = groupOf[i] as number;
    if (s > (groupScore[g] as number)) groupScore[g] = s;
  }

  const dropOrder = new Int32Array(groupTotal);
  for (let g = 0; g < groupTotal; g++) dropOrder[g] = g;
  // Group ids follow first-message order, so comparing ids breaks ties by index.
  dropOrder.sort((a, b) => (groupScore[a] as number) - (groupScore[b] as number) || a - b);

  return { textLength, hasToolBlock, score, groupScore, dropOrder };
}
