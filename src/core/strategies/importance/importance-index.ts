import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import { importanceScore } from '../../scoring/importance-score';
import { LENGTH_CAP, LENGTH_DIVISOR, TOOL_BONUS } from '../../scoring/importance-weights';

/** Buckets of the units' best bonus, so units can be drawn nearly in score order without sorting them. */
export const BONUS_BUCKETS = 64;
/** The largest bonus a message scores beside recency: a tool block (0.3) and the length cap (0.2). */
const MAX_BONUS = 0.5;

/**
 * A context's units arranged for drawing them best first at any history length. A unit's importance in a history of
 * `c` messages is the best of its members' `0.5 · j / c + bonus(j)`, so it is at most `0.5 · last / c + bestBonus`;
 * units are bucketed by best bonus and each bucket ordered by last member, which bounds every unit not yet drawn.
 */
export interface ImportanceIndex {
  /** Units' members, by unit: `members[memberStart[u]]` … `members[memberStart[u + 1] - 1]`, ascending. */
  memberStart: Int32Array;
  members: Int32Array;
  /** Per unit: its last member and its members' best bonus. */
  last: Int32Array;
  bonus: Float64Array;
  /** Per bucket: its units ordered by last member (ties by id), from `bucketStart[k]`; and its best bonus. */
  bucketStart: Int32Array;
  bucketUnits: Int32Array;
  bucketBonus: Float64Array;
  /** Units ordered by last member (ties by id), and each one's bucket: histories take them in this order. */
  byLast: Int32Array;
  bucketOf: Int32Array;
  /**
   * Per member, in `members` order, three numbers side by side: the message and its bonus parts as `importanceScore`
   * adds them after the recency (`recency + tool + length` is its score to the bit). A unit drawn is scored from one
   * stretch of memory, without the division and the clamps (its messages lie anywhere in a long history).
   */
  memberParts: Float64Array;
}

export function buildImportanceIndex(analysis: TranscriptAnalysis): ImportanceIndex {
  const { count, unitOf, unitSize, hasToolBlock, textLength } = analysis;
  const units = unitSize.length;
  const memberStart = new Int32Array(units + 1);
  for (let u = 0; u < units; u++) memberStart[u + 1] = (memberStart[u] as number) + (unitSize[u] as number);
  const members = new Int32Array(count);
  const fill = memberStart.slice(0, units);
  const last = new Int32Array(units);
  const bonus = new Float64Array(units).fill(-Infinity);
  const memberParts = new Float64Array(3 * count);
  for (let j = 0; j < count; j++) {
    const u = unitOf[j] as number;
    const slot = (fill[u] as number)++;
    members[slot] = j;
    memberParts[3 * slot] = j;
    memberParts[3 * slot + 1] = hasToolBlock[j] === 1 ? TOOL_BONUS : 0;
    memberParts[3 * slot + 2] = Math.min(Math.max(textLength[j] as number, 0) / LENGTH_DIVISOR, LENGTH_CAP);
    last[u] = j;
    const b = importanceScore(0, 1, hasToolBlock[j] === 1, textLength[j] as number);
    if (b > (bonus[u] as number)) bonus[u] = b;
  }
  const bucketOf = new Int32Array(units);
  const bucketStart = new Int32Array(BONUS_BUCKETS + 1);
  const bucketBonus = new Float64Array(BONUS_BUCKETS).fill(-Infinity);
  for (let u = 0; u < units; u++) {
    const k = Math.min(BONUS_BUCKETS - 1, Math.max(0, Math.floor(((bonus[u] as number) / MAX_BONUS) * BONUS_BUCKETS)));
    bucketOf[u] = k;
    bucketStart[k + 1] = (bucketStart[k + 1] as number) + 1;
    if ((bonus[u] as number) > (bucketBonus[k] as number)) bucketBonus[k] = bonus[u] as number;
  }
  for (let k = 0; k < BONUS_BUCKETS; k++) bucketStart[k + 1] = (bucketStart[k + 1] as number) + (bucketStart[k] as number);
  const order = Int32Array.from({ length: units }, (_, u) => u).sort((a, b) => (last[a] as number) - (last[b] as number) || a - b);
  const next = bucketStart.slice(0, BONUS_BUCKETS);
  const bucketUnits = new Int32Array(units);
  for (const u of order) bucketUnits[(next[bucketOf[u] as number] as number)++] = u;
  return { memberStart, members, last, bonus, bucketStart, bucketUnits, bucketBonus, byLast: order, bucketOf, memberParts };
}
