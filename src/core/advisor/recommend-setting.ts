import type { ProbeKind } from './probes/types';
import type { AdviceConstraints, KeepTarget, SweepPoint } from './types';
import type { AdvicePoint } from './aggregate-sweeps';
import { describeSetting } from './describe-setting';
import { formatNumber } from '../text/format-number';

const KIND_OF: Record<KeepTarget, ProbeKind[]> = { task: ['task'], requests: ['request'], files: ['file'], errors: ['error'], plan: ['plan'] };
const WORDS: Record<KeepTarget, string> = { task: 'the task', requests: "the user's requests", files: 'every file touched', errors: 'every error', plan: 'the last plan' };
export const DEFAULT_LOSS_TOLERANCE = 0.05;

/** The recommended point and why; `point` is absent when no setting met the constraints (`reason` says which bind). */
export interface RecommendationOf<P extends SweepPoint> {
  point?: P;
  reason: string;
  feasible: number;
  /** The feasible points within the tolerance of the least loss: as good as one another on loss. */
  candidates: P[];
}

/**
 * The setting to run: of the points that meet every constraint (no error; swept on every conversation; nothing of
 * `keep` lost; no request over `window`; at most `maxExtraCost` more than no pruning), those within `lossTolerance`
 * of the least loss are as good, and the cheapest of them wins (ties: less loss, then grid order). The reason says
 * what it meets, what it costs beside no pruning, and what it loses. `window` is the sweep's unless given.
 */
export function recommendSetting<P extends AdvicePoint>(points: readonly P[], constraints: AdviceConstraints, window: number): RecommendationOf<P> {
  const keep = constraints.keep ?? [];
  const limit = constraints.window ?? window;
  const tolerance = constraints.lossTolerance ?? DEFAULT_LOSS_TOLERANCE;
  const none = points.find((p) => p.strategy === 'none');
  const everywhere = Math.max(0, ...points.map((p) => p.conversations));
  const blocker = (p: P): keyof typeof why | undefined => {
    if (p.error !== undefined || p.conversations < everywhere) return 'error';
    if (keep.some((target) => KIND_OF[target].some((kind) => (p.lostByKind[kind] ?? 0) > 0))) return 'keep';
    if (p.peakInputTokens > limit) return 'window';
    if (constraints.maxExtraCost !== undefined && none !== undefined && p.costUsd > none.costUsd * (1 + constraints.maxExtraCost)) return 'cost';
    return undefined;
  };
  const why = { error: 0, keep: 0, window: 0, cost: 0 };
  const feasible = points.filter((p) => {
    const blocked = blocker(p);
    if (blocked !== undefined) why[blocked]++;
    return blocked === undefined;
  });
  const wants = [
    ...(keep.length > 0 ? [`keeps ${listWords(keep.map((k) => WORDS[k]))}`] : []),
    `sends no request over ${formatNumber(limit)} tokens`,
    ...(constraints.maxExtraCost !== undefined ? [`costs at most ${formatNumber(constraints.maxExtraCost, 'percent', 0)} more than no pruning`] : []),
  ];
  if (feasible.length === 0) {
    const binding = [why.keep > 0 ? `${why.keep} lose what must be kept` : '', why.window > 0 ? `${why.window} go over the window` : '', why.cost > 0 ? `${why.cost} cost too much` : '', why.error > 0 ? `${why.error} failed or were not swept everywhere` : ''].filter((s) => s !== '');
    return { reason: `No setting ${listWords(wants)}: of ${points.length}, ${listWords(binding)}.`, feasible: 0, candidates: [] };
  }
  const least = Math.min(...feasible.map((p) => p.loss));
  const candidates = feasible.filter((p) => p.loss <= least + tolerance + 1e-12);
  const point = candidates.reduce((best, p) => (p.costUsd < best.costUsd || (p.costUsd === best.costUsd && p.loss < best.loss) ? p : best));
  const cost = none !== undefined && none.costUsd > 0 ? ` (${formatNumber(point.costUsd / none.costUsd - 1, 'change')} vs no pruning's ${formatNumber(none.costUsd, 'usd')})` : '';
  const lost = Object.entries(point.lostByKind).filter(([, n]) => n > 0).map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'}`);
  const reason =
    // "among those whose loss": a trial read "no pruning whose loss is within 5%"; the tolerance is in points of loss.
    `${describeSetting(point)}: the cheapest of the ${feasible.length} settings that ${listWords(wants)}, among those whose loss is within ` +
    `${formatNumber(tolerance * 100)} points of the least (${formatNumber(least, 'percent')}). It costs ${formatNumber(point.costUsd, 'usd')}${cost} ` +
    `and loses ${formatNumber(point.loss, 'percent')} of the probes' weight${lost.length > 0 ? ` (${lost.join(', ')} lost)` : ''}.`;
  return { point, reason, feasible: feasible.length, candidates };
}

function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
