import type { PruneStrategy, PrunerConfig } from '../types';
import type { MessageGroups } from '../links/group-messages';
import type { ImportanceRanking } from '../scoring/rank-messages';
import { FATE } from './fate';
import { checkedTarget } from './checked-target';

export interface PrunePlan {
  strategy: PruneStrategy;
  /** The bound asked for, as given. */
  maxTurns: number;
  /** Per input message: `FATE.kept`, `FATE.dropped` or `FATE.summarized`. */
  fates: Uint8Array;
  kept: number;
  dropped: number;
  summarized: number;
}

/**
 * Decides each message's fate under one strategy and bound, without building the pruned array.
 *
 * - `sliding-window`: keep the last `maxTurns` messages; when the cut would split a group (messages linked by
 *   tool ids), move it earlier to the group's first message, until no kept message has a partner before the cut.
 * - `summarize`: the same cut; the messages before it are `summarized` instead of `dropped`.
 * - `importance`: drop whole groups, lowest `groupScore` first (ties: earliest first), until at most `maxTurns`
 *   messages remain; the group of the last message is never dropped, so the result may exceed `maxTurns` by
 *   that group's size when it alone is larger.
 *
 * `maxTurns` below 1 acts as 1 (the most recent message is always kept); non-integers are floored.
 * O(n) for every strategy; `analysis` comes from `analyzeTranscript` (or `groupMessages` for the first two).
 *
 * @throws {TypeError} for an unknown strategy or a `maxTurns` that is not a number
 * @throws {RangeError} for a negative `maxTurns`
 */
export function planPrune(
  analysis: MessageGroups & Partial<Pick<ImportanceRanking, 'dropOrder' | 'groupScore'>>,
  config: PrunerConfig,
): PrunePlan {
  const target = checkedTarget(config);
  const { count, groupOf, groupFirst } = analysis;
  const fates = new Uint8Array(count);
  const plan = { strategy: config.strategy, maxTurns: config.maxTurns, fates, kept: count, dropped: 0, summarized: 0 };
  if (count <= target) return plan;

  if (config.strategy === 'importance') {
    const { dropOrder, groupScore, groupSize } = analysis;
    if (!dropOrder && !groupScore) {
      throw new TypeError('planPrune: the importance strategy needs scores (analyzeTranscript or scoreMessages)');
    }
    const protectedGroup = groupOf[count - 1] as number;
    const order = dropOrder ?? lowestGroups(analysis, groupScore as Float64Array, count - target, protectedGroup);
    const droppedGroup = new Uint8Array(groupSize.length);
    let kept = count;
    for (let k = 0; k < order.length && kept > target; k++) {
      const g = order[k] as number;
      if (g === protectedGroup) continue;
      droppedGroup[g] = 1;
      kept -= groupSize[g] as number;
    }
    for (let i = 0; i < count; i++) if (droppedGroup[groupOf[i] as number] === 1) fates[i] = FATE.dropped;
    plan.kept = kept;
    plan.dropped = count - kept;
    return plan;
  }

  let cut = count - target;
  // Walking down while the cut moves: a member below the cut pulls the cut to its group's first message.
  for (let i = count - 1; i >= cut; i--) {
    const first = groupFirst[groupOf[i] as number] as number;
    if (first < cut) cut = first;
  }
  const fate = config.strategy === 'summarize' ? FATE.summarized : FATE.dropped;
  fates.fill(fate, 0, cut);
  plan.kept = count - cut;
  if (fate === FATE.summarized) plan.summarized = cut;
  else plan.dropped = cut;
  return plan;
}

const BUCKETS = 4096;

/**
 * The first groups of the drop order, enough to drop `need` messages, without sorting every group: groups are
 * counted into score buckets (floor(score · 4096), monotonic in the score), every bucket below the one where the
 * running message count reaches `need` is taken whole, and only that boundary bucket is sorted by (score, id).
 * The greedy walk over the result then drops exactly what it would over the full order. O(n + k log k).
 */
function lowestGroups(groups: MessageGroups, groupScore: Float64Array, need: number, protectedGroup: number): number[] {
  const total = groupScore.length;
  const bucketOf = new Uint16Array(total);
  const messagesIn = new Float64Array(BUCKETS);
  for (let g = 0; g < total; g++) {
    const bucket = Math.min(BUCKETS - 1, Math.floor(Math.min(Math.max(groupScore[g] as number, 0), 1) * BUCKETS));
    bucketOf[g] = bucket;
    if (g !== protectedGroup) messagesIn[bucket] = (messagesIn[bucket] as number) + (groups.groupSize[g] as number);
  }
  let boundary = 0;
  for (let reached = 0; boundary < BUCKETS; boundary++) {
    reached += messagesIn[boundary] as number;
    if (reached >= need) break;
  }
  const below: number[] = [];
  const at: number[] = [];
  for (let g = 0; g < total; g++) {
    const bucket = bucketOf[g] as number;
    if (bucket < boundary) below.push(g);
    else if (bucket === boundary) at.push(g);
  }
  // `below` is in id order, not score order; harmless, as the walk takes all of it before reaching `at`.
  at.sort((a, b) => (groupScore[a] as number) - (groupScore[b] as number) || a - b);
  for (const g of at) below.push(g);
  return below;
}
