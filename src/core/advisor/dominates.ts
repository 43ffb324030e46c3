import type { CostLoss } from './pareto-frontier';

/** `a` is at least as good as `b` on both and better on one. */
export function dominates(a: CostLoss, b: CostLoss): boolean {
  return a.costUsd <= b.costUsd && a.loss <= b.loss && (a.costUsd < b.costUsd || a.loss < b.loss);
}
