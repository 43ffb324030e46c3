import type { CheckedBound, StrategyPlan } from './types';
import { REASON } from './reason';

/** A plan that keeps every message as it is (every fate `kept`, reason "fits"), for strategies to start from. */
export function emptyPlan<Id extends string>(strategy: Id, bound: CheckedBound, count: number, tokens: number): StrategyPlan<Id> {
  return {
    strategy,
    bound,
    fates: new Uint8Array(count),
    reasons: new Uint8Array(count).fill(REASON.fits),
    kept: count,
    dropped: 0,
    summarized: 0,
    masked: 0,
    inserts: [],
    tokens,
  };
}
