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
 * is scanned only for needles it may hold; needles are drawn once per list of probes. A replacement's text is
 * remembered by the message object the plan returns: masking returns the same object for a message cleared the same
 * way at every budget (`maskedResultIndex`), so a re-plan reads it again instead of rebuilding it.
 */
export function probeFates(probes: readonly Probe[], plan: Pick<StrategyPlan, 'fates' | 'inserts' | 'replacement'>): ProbeFate[] {
  const { fates: planFates, inserts, replacement } = plan;
  let search: ((needle: string) => boolean) | undefined;
  const inSummaries = (needle: string): boolean => (search ??= createSubstringSearch(collapseWhitespace(inserts.map((insert) => contentText(insert.message.content)).join('\n'))))(needle);
  const hasSummaries = inserts.length > 0;
  let replaced: Map<number, string> | undefined;
  const replacementText = (index: number): string => {
    replaced ??= new Map();
    let text = replaced.get(index);
    if (text === undefined) {
      const message: Message | undefined = plan.replacement?.(index);
      text = message === undefined ? '' : textOf(message);
      replaced.set(index, text);
    }
    return text;
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
        if (replacement === undefined || replacementText(i).includes(needle)) {
          fate = 'kept';
          break;
        }
      } else if (f === FATE.summarized && replacement !== undefined && needle !== '' && replacementText(i).includes(needle)) fate = 'summarized';
    }
    if (fate === 'lost' && hasSummaries && needle !== '' && inSummaries(needle)) fate = 'summarized';
    out[k] = fate;
  }
  return out;
}

/** A replacement's text as summaries are searched (whitespace collapsed), once per message object. */
const textCache = new WeakMap<Message, string>();
function textOf(message: Message): string {
  let text = textCache.get(message);
  if (text === undefined) {
    text = collapseWhitespace(contentText(message.content));
    textCache.set(message, text);
  }
  return text;
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
