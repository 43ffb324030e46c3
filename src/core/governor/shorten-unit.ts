import type { Message } from '../types';
import type { Summarize } from './types';
import type { GovernorAnalysis } from './analyze-for-governor';
import type { ShortenedVersion } from './shortened-cache';
import type { ClearLimits } from './clear-middle-lines';
import { maskToolResults } from './mask-tool-results';
import { summarizeMessage } from './summarize-message';
import { messageTextLength } from '../text/message-text-length';

/**
 * How hard tool results are masked, lightest first: 20 head lines (1,600 characters) and 10 tail lines (800), then
 * 4 and 2 lines (320 and 160 characters). The first keeps a command's output readable; the second keeps only
 * what identifies it and how it ended.
 */
export const MASK_LEVELS: readonly ClearLimits[] = [
  { headLines: 20, headChars: 1600, tailLines: 10, tailChars: 800 },
  { headLines: 4, headChars: 320, tailLines: 2, tailChars: 160 },
];

export type Shortening = { kind: 'mask'; level: number } | { kind: 'summary'; summarize: Summarize };

/**
 * A shorter version of unit `u`, or `null` when the shortening saves nothing: each `tool_result` of the unit masked
 * at `MASK_LEVELS[level]`, or a plain message summarized by `summarize`. Made once per unit, shortening and
 * summarizer, and kept in `analysis.shortened`.
 */
export function shortenUnit(analysis: GovernorAnalysis, u: number, how: Shortening): ShortenedVersion | null {
  const { shortened, units, messages, groups } = analysis;
  if (how.kind === 'mask') {
    let levels = shortened.masked.get(u);
    if (levels === undefined) shortened.masked.set(u, (levels = []));
    let version = levels[how.level];
    if (version === undefined) {
      const members: ShortenedVersion['members'] = [];
      const limits = MASK_LEVELS[how.level] as ClearLimits;
      for (let k = units.memberStart[u] as number; k < (units.memberStart[u + 1] as number); k++) {
        const index = units.members[k] as number;
        const masked = maskToolResults(messages[index] as Message, limits);
        if (masked !== undefined) members.push({ index, message: masked, textLength: messageTextLength(masked) });
      }
      version = members.length > 0 ? { fate: 'masked', members } : null;
      levels[how.level] = version;
    }
    return version;
  }
  let bySummarizer = shortened.summarized.get(how.summarize);
  if (bySummarizer === undefined) shortened.summarized.set(how.summarize, (bySummarizer = new Map()));
  let version = bySummarizer.get(u);
  if (version === undefined) {
    const index = units.members[units.memberStart[u] as number] as number;
    const summary = summarizeMessage(messages[index] as Message, how.summarize, groups.scan.textLength[index] as number);
    version = summary === undefined ? null : { fate: 'summarized', members: [{ index, message: summary, textLength: messageTextLength(summary) }] };
    bySummarizer.set(u, version);
  }
  return version;
}
