import type { MessageGroups } from '../links/group-messages';
import { importanceScore } from './importance-score';
import { markToolBlocks } from './mark-tool-blocks';

/**
 * Per unit (the groups given): the highest score among its members, as `scoreMessages` gives it, without keeping
 * each message's score: importance's one-shot plan reads only the units', and at 100k messages the per-message array
 * is 800 KB written and collected for nothing.
 */
export function scoreUnits(groups: MessageGroups): Float64Array {
  const { count, scan, groupOf, groupFirst } = groups;
  const hasToolBlock = markToolBlocks(scan, count);
  const { textLength } = scan;
  const unitScore = new Float64Array(groupFirst.length).fill(-Infinity);
  for (let i = 0; i < count; i++) {
    const s = importanceScore(i, count, hasToolBlock[i] === 1, textLength[i] as number);
    const g = groupOf[i] as number;
    if (s > (unitScore[g] as number)) unitScore[g] = s;
  }
  return unitScore;
}
