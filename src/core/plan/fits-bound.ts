import type { CheckedBound } from './types';

/**
 * Whether `count` messages holding `total` tokens are within both bounds: what a strategy that only removes or
 * shortens messages to meet its bound leaves as it is (its `keepsEverything`).
 */
export function fitsBound(bound: CheckedBound, count: number, total: number): boolean {
  return count <= bound.maxTurns && total <= bound.maxTokens;
}
