import type { StrategyPlan } from '../../plan/types';
import type { FamilyScore, Probe, ProbeFate, ProbeFamily, ProbeScore } from './types';
import { PROBE_FAMILIES } from './types';
import { probeFates } from './probe-fates';

/**
 * How a plan fares on a transcript's probes (`findProbes`): each probe kept, summarized or lost by `probeFates`'s
 * rule, counted per family; `loss` is the weighted share lost.
 */
export function scoreProbes(probes: readonly Probe[], plan: Pick<StrategyPlan, 'fates' | 'inserts' | 'replacement'>): ProbeScore {
  return tally(probes, probeFates(probes, plan));
}

function tally(probes: readonly Probe[], fates: ProbeFate[]): ProbeScore {
  const family = {} as Record<ProbeFamily, FamilyScore & { weight: number; lostWeight: number }>;
  for (const name of PROBE_FAMILIES) family[name] = { total: 0, kept: 0, summarized: 0, lost: 0, loss: 0, weight: 0, lostWeight: 0 };
  let weight = 0;
  let lostWeight = 0;
  probes.forEach((probe, k) => {
    const fate = fates[k] as ProbeFate;
    const f = family[probe.family];
    f.total++;
    f[fate]++;
    f.weight += probe.weight;
    weight += probe.weight;
    if (fate === 'lost') {
      f.lostWeight += probe.weight;
      lostWeight += probe.weight;
    }
  });
  const byFamily = {} as Record<ProbeFamily, FamilyScore>;
  for (const name of PROBE_FAMILIES) {
    const { weight: w, lostWeight: lw, ...counts } = family[name];
    byFamily[name] = { ...counts, loss: w > 0 ? lw / w : 0 };
  }
  const count = (fate: ProbeFate) => fates.reduce((n, f) => n + (f === fate ? 1 : 0), 0);
  return { fates, kept: count('kept'), summarized: count('summarized'), lost: count('lost'), loss: weight > 0 ? lostWeight / weight : 0, byFamily };
}
