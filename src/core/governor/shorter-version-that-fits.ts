import type { Message } from '../types';
import type { Summarize } from './types';
import type { GovernorAnalysis } from './analyze-for-governor';
import type { ShortenedVersion } from './shortened-cache';
import type { UnitMeasures } from './measure-units';
import { shortenUnit, MASK_LEVELS } from './shorten-unit';

/** How the fill counts a shortened unit: per message its tokens, and optionally a counter of replacements. */
export interface VersionCounting {
  tokens: ArrayLike<number>;
  /** Per message: its text length, to scale its count by how much text a replacement kept. */
  textLength: ArrayLike<number>;
  countTokens: ((message: Message) => number) | undefined;
}

/**
 * The tokens a replacement costs: `countTokens` when given, else the original's count scaled by the share of its
 * text the replacement kept, rounded up.
 */
export function replacementTokens(member: ShortenedVersion['members'][number], counting: VersionCounting): number {
  if (counting.countTokens !== undefined) return counting.countTokens(member.message);
  const original = counting.textLength[member.index] as number;
  const own = counting.tokens[member.index] as number;
  return original > 0 ? Math.ceil((own * member.textLength) / original) : own;
}

/**
 * The lightest shortening of unit `u` that fits `room` tokens, with its cost; undefined when none does. A unit with
 * tool results is masked, lightly then harder (its calls and any text beside the results stay whole, so it can never
 * get smaller than they are); a plain message is summarized when `summarize` is given.
 */
export function shorterVersionThatFits(
  analysis: GovernorAnalysis,
  u: number,
  room: number,
  measures: UnitMeasures,
  counting: VersionCounting,
  summarize: Summarize | undefined,
): { version: ShortenedVersion; tokens: number } | undefined {
  const cost = (version: ShortenedVersion): number => {
    let tokens = measures.tokens[u] as number;
    for (const member of version.members) tokens += replacementTokens(member, counting) - (counting.tokens[member.index] as number);
    return tokens;
  };
  if (measures.hasResult[u] === 1) {
    if ((measures.fixedTokens[u] as number) >= room) return undefined;
    for (let level = 0; level < MASK_LEVELS.length; level++) {
      const version = shortenUnit(analysis, u, { kind: 'mask', level });
      if (version === null) return undefined;
      const tokens = cost(version);
      if (tokens <= room) return { version, tokens };
    }
    return undefined;
  }
  if (measures.plain[u] === 1 && summarize !== undefined) {
    const version = shortenUnit(analysis, u, { kind: 'summary', summarize });
    if (version === null) return undefined;
    const tokens = cost(version);
    if (tokens <= room) return { version, tokens };
  }
  return undefined;
}
