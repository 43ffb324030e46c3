import { BONUS_BUCKETS, type ImportanceIndex } from './importance-index';

/** What the importance keeper reads per bucket position (`ImportanceIndex.bucketUnits`), in bucket order. */
export interface BucketPositionFigures {
  /** Its unit's fewest tokens. */
  leastTokens: Float64Array;
  /** Its unit's last member, read in bucket order as a bucket is drawn (not at random by unit). */
  lastAt: Int32Array;
  /**
   * Three figures side by side, position p's at `3p`: its unit's last member, its fewest tokens, and the fewest tokens
   * among its bucket's units up to it (a bucket with none that fits is left in O(1), without a search of the tree:
   * while adding back, most buckets hold nothing small enough). A request reads a few positions of each bucket, each
   * far from the others, so one stretch of memory each instead of three.
   */
  side: Float64Array;
}

/** The keeper's per-position figures of an index, given each unit's fewest tokens (`least`, by unit). */
export function bucketPositionFigures(index: ImportanceIndex, least: Float64Array): BucketPositionFigures {
  const { bucketUnits, bucketStart, last } = index;
  const units = bucketUnits.length;
  const leastTokens = new Float64Array(units);
  const lastAt = new Int32Array(units);
  for (let p = 0; p < units; p++) {
    leastTokens[p] = least[bucketUnits[p] as number] as number;
    lastAt[p] = last[bucketUnits[p] as number] as number;
  }
  const side = new Float64Array(3 * units);
  for (let k = 0; k < BONUS_BUCKETS; k++) {
    let fewest = Infinity;
    for (let p = bucketStart[k] as number; p < (bucketStart[k + 1] as number); p++) {
      side[3 * p] = lastAt[p] as number;
      side[3 * p + 1] = leastTokens[p] as number;
      side[3 * p + 2] = fewest = Math.min(fewest, leastTokens[p] as number);
    }
  }
  return { leastTokens, lastAt, side };
}
