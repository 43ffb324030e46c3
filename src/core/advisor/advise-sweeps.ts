import type { AdviceConstraints, SweepResult, SweepSetting, SweepSkip } from './types';
import type { AdvicePoint } from './aggregate-sweeps';
import { aggregateSweeps } from './aggregate-sweeps';
import { paretoFrontier } from './pareto-frontier';
import { recommendSetting } from './recommend-setting';

/** The advisor's answer for a transcript or a corpus: plain data, as `advise --json` writes it. */
export interface Advice {
  /** The setting to run, absent when nothing met the constraints. */
  recommendation?: SweepSetting & {
    key: string;
    /** Its cost and loss over the corpus (cost summed, loss the conversations' mean). */
    costUsd: number;
    loss: number;
    /** Conversations where it is as good as their own best setting (by the same rule; ties count), of how many. */
    best: { count: number; of: number };
    /** Across the conversations: its loss, and its cost beside no pruning's (−0.4: 40% less), least and most. */
    spread: { loss: [number, number]; costChange: [number, number] };
  };
  /** Why it was chosen, or why nothing could be. */
  reason: string;
  /** Settings that met every constraint. */
  feasible: number;
  /** The points no other point beats on both cost and loss, cheapest first. */
  frontier: AdvicePoint[];
  /** Every setting, over every conversation. */
  points: AdvicePoint[];
  /** Conversations it was drawn from. */
  conversations: number;
  /**
   * Settings swept on only some of the conversations (their grids differ: another window): in `points`, but left
   * out of the frontier and the recommendation, whose sums would compare unequal sets.
   */
  partial: number;
  /** What the sweeps' grids left out, and why. */
  skipped: SweepSkip[];
}

/**
 * Advice from sweeps (`sweepTranscript`) of one transcript or of each of a corpus: the settings' figures over
 * all of them (`aggregateSweeps`), their frontier of cost against loss, the recommendation under `constraints`
 * (`recommendSetting`), how often it is each conversation's own best and the spread of its loss and cost change.
 */
export function adviseSweeps(sweeps: readonly SweepResult[], constraints: AdviceConstraints = {}): Advice {
  const points = aggregateSweeps(sweeps);
  const everywhere = points.filter((p) => p.conversations === sweeps.length);
  const window = Math.min(...sweeps.map((s) => s.window));
  const chosen = recommendSetting(everywhere, constraints, Number.isFinite(window) ? window : Infinity);
  const skipped = [...new Map(sweeps.flatMap((s) => s.skipped).map((s) => [`${s.strategy} ${s.mode} ${s.key ?? ''}`, s])).values()];
  const advice: Advice = {
    reason: chosen.reason,
    feasible: chosen.feasible,
    frontier: paretoFrontier(everywhere),
    points,
    conversations: sweeps.length,
    partial: points.length - everywhere.length,
    skipped,
  };
  const point = chosen.point;
  if (point === undefined) return advice;
  let count = 0;
  const losses: number[] = [];
  const changes: number[] = [];
  for (const sweep of sweeps) {
    // Best here: as good as this conversation's own choice (within its loss tolerance and as cheap): ties count.
    const own = recommendSetting(aggregateSweeps([sweep]), constraints, sweep.window);
    const here = own.candidates.find((p) => p.key === point.key);
    if (here !== undefined && own.point !== undefined && here.costUsd <= own.point.costUsd * (1 + 1e-9)) count++;
    const mine = sweep.points.find((p) => p.key === point.key);
    const none = sweep.points.find((p) => p.strategy === 'none');
    if (mine === undefined || mine.error !== undefined) continue;
    losses.push(mine.loss);
    if (none !== undefined && none.costUsd > 0) changes.push(mine.costUsd / none.costUsd - 1);
  }
  const range = (values: number[]): [number, number] => (values.length === 0 ? [0, 0] : [Math.min(...values), Math.max(...values)]);
  advice.recommendation = {
    strategy: point.strategy,
    options: point.options,
    mode: point.mode,
    ...(point.trigger !== undefined ? { trigger: point.trigger } : {}),
    key: point.key,
    costUsd: point.costUsd,
    loss: point.loss,
    best: { count, of: sweeps.length },
    spread: { loss: range(losses), costChange: range(changes) },
  };
  return advice;
}
