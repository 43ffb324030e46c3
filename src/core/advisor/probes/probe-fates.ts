import type { Message } from '../../types';
import type { StrategyPlan } from '../../plan/types';
import type { Probe, ProbeFate } from './types';
import { FATE } from '../../plan/fate';
import { contentText } from '../../text/content-text';
import { collapseWhitespace, probeNeedle } from './probe-needle';
import { createSubstringSearch } from './create-substring-search';

/**
 * Each probe's fate under a plan, in the order given: kept when one of its messages is sent as it was, or masked
 * while what is sent in its place still holds the fact (masking clears results, and inputs when asked); summarized
 * when its fact (`probeNeedle`) is in the text a plan sends in place of what it removed (a summary it inserts, a
 * message summarized in place); else lost. The rule `scoreProbes` tallies and a scorecard counts (issue 24: a budget
 * change scores four plans, so nothing here is built for a probe a sent message keeps).
 *
 * Summaries are joined once per plan and searched through a gram filter (`createSubstringSearch`), so a long summary
 * is scanned only for needles it may hold; needles are drawn once per list of probes. Whether a replacement holds a
 * needle is remembered by the message object the plan returns: masking returns the same object for a message cleared
 * the same way at every budget (`maskedResultIndex`), so a re-plan asks it again instead of rebuilding and searching.
 */
export function probeFates(probes: readonly Probe[], plan: Pick<StrategyPlan, 'fates' | 'inserts' | 'replacement'>): ProbeFate[] {
  const { fates: planFates, inserts, replacement } = plan;
  let search: ((needle: string) => boolean) | undefined;
  const inSummaries = (needle: string): boolean => (search ??= createSubstringSearch(collapseWhitespace(inserts.map((insert) => contentText(insert.message.content)).join('\n'))))(needle);
  const hasSummaries = inserts.length > 0;
  let replaced: Map<number, Message | null> | undefined;
  const replacementHolds = (index: number, needle: string): boolean => {
    replaced ??= new Map();
    let message = replaced.get(index);
    if (message === undefined) {
      message = plan.replacement?.(index) ?? null;
      replaced.set(index, message);
    }
    return message === null ? needle === '' : holds(message, needle);
  };

  const needles = needlesOf(probes);
  const out = new Array<ProbeFate>(probes.length);
  for (let k = 0; k < probes.length; k++) {
    const messages = (probes[k] as Probe).messages;
    const needle = needles[k] as string;
    let fate: ProbeFate = 'lost';
    for (let j = 0; j < messages.length; j++) {
      const i = messages[j] as number;
      const f = planFates[i];
      if (f === FATE.kept) {
        fate = 'kept';
        break;
      }
      if (f === FATE.masked) {
        // Masking clears results (and, when asked, their calls' inputs): what is sent in its place decides.
        if (replacement === undefined || replacementHolds(i, needle)) {
          fate = 'kept';
          break;
        }
      } else if (f === FATE.summarized && replacement !== undefined && needle !== '' && replacementHolds(i, needle)) fate = 'summarized';
    }
    if (fate === 'lost' && hasSummaries && needle !== '' && inSummaries(needle)) fate = 'summarized';
    out[k] = fate;
  }
  return out;
}

/**
 * Whether a replacement's text, whitespace collapsed as summaries are searched, holds `needle`: remembered per message
 * object and needle, since a masked message sent again at the next budget is asked the same (its text may hold a long
 * result that was not cleared).
 */
const found = new WeakMap<Message, { text: string; holds: Map<string, boolean> }>();
function holds(message: Message, needle: string): boolean {
  let known = found.get(message);
  if (known === undefined) {
    known = { text: collapseWhitespace(contentText(message.content)), holds: new Map() };
    found.set(message, known);
  }
  let answer = known.holds.get(needle);
  if (answer === undefined) {
    answer = known.text.includes(needle);
    known.holds.set(needle, answer);
  }
  return answer;
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
