import type { MessageGroups } from '../links/group-messages';
import { scoreMessages, type MessageScores } from './score-messages';

/** Per unit: its importance score, and the units in the order importance drops them. */
export interface ImportanceRanking extends MessageScores {
  /** Unit ids in the order importance drops them: lowest unit score first, ties by first message index. */
  dropOrder: Int32Array;
}

/**
 * Scores every message and group (`scoreMessages`) and orders the groups for the importance strategy. The order
 * does not depend on `maxTurns`, so the inspector ranks once and re-plans in O(n) per change.
 */
export function rankMessages(groups: MessageGroups): ImportanceRanking {
  const scores = scoreMessages(groups);
  return { ...scores, dropOrder: sortByScoreThenIndex(scores.unitScore) };
}

const ID_SPACE = 2 ** 20;
const SCORE_SCALE = 2 ** 32;

/**
 * Group ids ordered by (score, id). A comparator sort of 50k groups costs three times a native numeric sort, so
 * each group is packed into one float, `floor(score · 2³²) · 2²⁰ + id`, and sorted natively. Flooring is
 * monotonic, so only groups sharing a bucket can be out of exact score order; those runs are put right by
 * insertion sort. Past 2²⁰ groups the ids no longer fit, and a comparator sort does the work.
 */
function sortByScoreThenIndex(score: Float64Array): Int32Array {
  const total = score.length;
  const order = new Int32Array(total);
  if (total > ID_SPACE) {
    for (let g = 0; g < total; g++) order[g] = g;
    return order.sort((a, b) => (score[a] as number) - (score[b] as number) || a - b);
  }
  const keys = new Float64Array(total);
  for (let g = 0; g < total; g++) {
    const bucket = Math.floor(Math.min(Math.max(score[g] as number, 0), 1) * SCORE_SCALE);
    keys[g] = bucket * ID_SPACE + g;
  }
  keys.sort();
  for (let k = 0; k < total; k++) order[k] = (keys[k] as number) % ID_SPACE;

  let runStart = 0;
  for (let k = 1; k <= total; k++) {
    if (k < total && Math.floor((keys[k] as number) / ID_SPACE) === Math.floor((keys[runStart] as number) / ID_SPACE)) continue;
    if (k - runStart > 1) insertionSortRun(order, runStart, k, score);
    runStart = k;
  }
  return order;
}

function insertionSortRun(order: Int32Array, start: number, end: number, score: Float64Array): void {
  for (let k = start + 1; k < end; k++) {
    const g = order[k] as number;
    let j = k - 1;
    while (j >= start) {
      const h = order[j] as number;
      const diff = (score[h] as number) - (score[g] as number);
      if (diff < 0 || (diff === 0 && h < g)) break;
      order[j + 1] = h;
      j--;
    }
    order[j + 1] = g;
  }
}
