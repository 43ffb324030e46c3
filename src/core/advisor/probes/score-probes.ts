import type { Message } from '../../types';
import type { StrategyPlan } from '../../plan/types';
import type { FamilyScore, Probe, ProbeFate, ProbeFamily, ProbeScore } from './types';
import { PROBE_FAMILIES } from './types';
import { FATE } from '../../plan/fate';
import { contentText } from '../../text/content-text';
import { collapseWhitespace, probeNeedle } from './probe-needle';
import { createSubstringSearch } from './create-substring-search';

/**
 * How a plan fares on a transcript's probes (`findProbes`). A probe is kept when one of its messages is sent as it
 * was, or masked while what is sent in its place still holds the fact (masking clears results, and inputs when
 * asked); summarized when its fact (`probeNeedle`) is in the text a plan sends in
 * place of what it removed (a summary it inserts, a message summarized in place); else lost. `loss` is the weighted
 * share lost. Summaries are joined once per plan and searched through a gram filter (`createSubstringSearch`), so a
 * long summary is scanned only for needles it may hold; needles are drawn once per list of probes.
 */
export function scoreProbes(probes: readonly Probe[], plan: Pick<StrategyPlan, 'fates' | 'inserts' | 'replacement'>): ProbeScore {
  let search: ((needle: string) => boolean) | undefined;
  const inSummaries = (needle: string): boolean => (search ??= createSubstringSearch(collapseWhitespace(plan.inserts.map((insert) => contentText(insert.message.content)).join('\n'))))(needle);
  const replaced = new Map<number, string>();
  const replacementText = (index: number): string => {
    let text = replaced.get(index);
    if (text === undefined) {
      const message: Message | undefined = plan.replacement?.(index);
      text = message === undefined ? '' : collapseWhitespace(contentText(message.content));
      replaced.set(index, text);
    }
    return text;
  };

  const needles = needlesOf(probes);
  const fates = probes.map((probe, k): ProbeFate => {
    const needle = needles[k] as string;
    let summarized = false;
    for (const i of probe.messages) {
      const fate = plan.fates[i];
      if (fate === FATE.kept) return 'kept';
      if (fate === FATE.masked) {
        // Masking clears results (and, when asked, their calls' inputs): what is sent in its place decides.
        if (plan.replacement === undefined || replacementText(i).includes(needle)) return 'kept';
      } else if (fate === FATE.summarized && needle !== '' && replacementText(i).includes(needle)) summarized = true;
    }
    if (summarized || (needle !== '' && plan.inserts.length > 0 && inSummaries(needle))) return 'summarized';
    return 'lost';
  });
  return tally(probes, fates);
}

/** Each probe's needle, once per list of probes: a sweep scores the same probes against every point's plan. */
const needleCache = new WeakMap<readonly Probe[], readonly string[]>();
function needlesOf(probes: readonly Probe[]): readonly string[] {
  let needles = needleCache.get(probes);
  if (needles === undefined) {
    needles = probes.map((probe) => probeNeedle(probe.fact, probe.kind === 'file'));
    needleCache.set(probes, needles);
  }
  return needles;
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
