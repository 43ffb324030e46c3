/** What the frontier compares: a cost and a loss, both lower is better. */
export interface CostLoss {
  /** What it costs, in dollars. */
  costUsd: number;
  /** The weighted share of probes it loses, 0–1. */
  loss: number;
  /** Set when it failed: such a point is never on the frontier. */
  error?: string;
}

/**
 * The Pareto frontier of cost against loss: the points no other point dominates, by cost ascending (then loss).
 * Points with an error are left out; equal points are all kept. O(n log n): sorted by cost then loss, a point is on
 * the frontier when its loss is below every cheaper point's (or equal to the best and at the same cost).
 */
export function paretoFrontier<P extends CostLoss>(points: readonly P[]): P[] {
  const sorted = points.filter((p) => p.error === undefined).sort((a, b) => a.costUsd - b.costUsd || a.loss - b.loss);
  const frontier: P[] = [];
  let best: P | undefined;
  for (const point of sorted) {
    if (best === undefined || point.loss < best.loss || (point.loss === best.loss && point.costUsd === best.costUsd)) {
      frontier.push(point);
      if (best === undefined || point.loss < best.loss) best = point;
    }
  }
  return frontier;
}
