import type { Message } from '../types';
import type { Summarize } from './types';
import type { GovernorAnalysis } from './analyze-for-governor';
import type { GovernorScores } from './score-governor-units';
import type { ShortenedVersion } from './shortened-cache';
import { FATE } from '../plan/fate';
import { measureUnits } from './measure-units';
import { alwaysSentUnits } from './always-sent-units';
import { replacementTokens, shorterVersionThatFits, type VersionCounting } from './shorter-version-that-fits';

/** The budget and its rules, checked (the governor strategy's `normalize` checks them). */
export interface GovernorBudget {
  /** Per message: its tokens. */
  tokens: ArrayLike<number>;
  maxTokens: number;
  /** At most this many messages sent beyond the always-sent units; `Infinity` for no cap. */
  maxTurns: number;
  /** Message indices (in range) whose units are always sent whole. */
  pinned: readonly number[];
  keepTask: boolean;
  summarization: boolean;
  /** Only units scoring at least this (a score, in [0, 1]) are shortened rather than dropped. */
  shortenAbove: number;
  /** Summarizes a plain message that does not fit; without it only tool results are shortened (masked). */
  summarize: Summarize | undefined;
  /** Counts a replacement message; default: its original count scaled by how much text it kept. */
  countTokens: ((message: Message) => number) | undefined;
}

/** Which units and messages a budget sends, and as what. */
export interface GovernorFill {
  /** Per message: a `FATE` code (kept, dropped, summarized or masked). */
  fates: Uint8Array;
  /** Per unit: its `FATE` code. */
  unitFate: Uint8Array;
  /** The message sent in place of each summarized or masked one. */
  replacements: Map<number, Message>;
  /** Per message: the tokens it costs as sent. */
  sentTokens: Float64Array;
  /** Sum of `sentTokens`. */
  tokens: number;
  /** How far the always-sent units alone exceed `maxTokens`; 0 when they fit. */
  overBudgetBy: number;
  kept: number;
  dropped: number;
  summarized: number;
  masked: number;
}

/**
 * Fills a token budget with units, by the seed's rules:
 *
 * 1. The unit of the last message, the units of pinned messages and (unless `keepTask` is false) the unit of the
 *    task are always sent whole, even past the budget; `overBudgetBy` then says by how much.
 * 2. Every other unit, by score (highest first; ties: newer first), is sent whole if it fits the tokens and messages
 *    left. A unit that does not fit is skipped and the walk goes on, so smaller units further down can still fit.
 * 3. A unit that does not fit but scores at least `shortenAbove` is sent shorter if a shorter version fits (the
 *    seed's four summarization triggers; see `shorterVersionThatFits`).
 * 4. Units are whole or absent, so no tool call loses its result; sent messages keep their input order.
 *
 * Never sends more than `maxTokens` unless step 1 alone does. O(n) for a new budget after `scoreGovernorUnits`,
 * plus the first shortening of each unit tried (kept in `analysis.shortened` for the next budget).
 */
export function fillGovernorBudget(analysis: GovernorAnalysis, scores: GovernorScores, budget: GovernorBudget): GovernorFill {
  const { units } = analysis;
  const measures = measureUnits(analysis, budget.tokens);
  const counting: VersionCounting = { tokens: budget.tokens, textLength: analysis.groups.scan.textLength, countTokens: budget.countTokens };
  const unitFate = new Uint8Array(units.count).fill(FATE.dropped);
  const shortened = new Map<number, ShortenedVersion>();
  const size = (u: number): number => (units.memberStart[u + 1] as number) - (units.memberStart[u] as number);
  let spent = 0;
  let sent = 0;

  const always = alwaysSentUnits(analysis, budget.pinned, budget.keepTask);
  for (const u of always) {
    unitFate[u] = FATE.kept;
    spent += measures.tokens[u] as number;
    sent += size(u);
  }
  const overBudgetBy = Math.max(0, spent - budget.maxTokens);

  for (let k = 0; k < units.count; k++) {
    const u = scores.order[k] as number;
    if (unitFate[u] === FATE.kept || sent + size(u) > budget.maxTurns) continue;
    const room = budget.maxTokens - spent;
    if ((measures.tokens[u] as number) <= room) {
      unitFate[u] = FATE.kept;
      spent += measures.tokens[u] as number;
      sent += size(u);
      continue;
    }
    if (!budget.summarization || (scores.score[u] as number) < budget.shortenAbove) continue;
    const shorter = shorterVersionThatFits(analysis, u, room, measures, counting, budget.summarize);
    if (shorter === undefined) continue;
    unitFate[u] = shorter.version.fate === 'masked' ? FATE.masked : FATE.summarized;
    shortened.set(u, shorter.version);
    spent += shorter.tokens;
    sent += size(u);
  }
  return spreadToMessages(analysis, unitFate, shortened, counting, overBudgetBy);
}

/** Each message takes its unit's fate; shortened members their replacement and its tokens. */
function spreadToMessages(
  analysis: GovernorAnalysis,
  unitFate: Uint8Array,
  shortened: ReadonlyMap<number, ShortenedVersion>,
  counting: VersionCounting,
  overBudgetBy: number,
): GovernorFill {
  const { unitOf } = analysis.units;
  const n = unitOf.length;
  const fates = new Uint8Array(n);
  const sentTokens = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const dropped = unitFate[unitOf[i] as number] === FATE.dropped;
    fates[i] = dropped ? FATE.dropped : FATE.kept;
    sentTokens[i] = dropped ? 0 : (counting.tokens[i] as number);
  }
  const replacements = new Map<number, Message>();
  for (const [u, version] of shortened) {
    for (const member of version.members) {
      fates[member.index] = unitFate[u] as number;
      sentTokens[member.index] = replacementTokens(member, counting);
      replacements.set(member.index, member.message);
    }
  }
  const fill: GovernorFill = { fates, unitFate, replacements, sentTokens, tokens: 0, overBudgetBy, kept: 0, dropped: 0, summarized: 0, masked: 0 };
  for (let i = 0; i < n; i++) {
    fill.tokens += sentTokens[i] as number;
    const fate = fates[i] as number;
    if (fate === FATE.kept) fill.kept++;
    else if (fate === FATE.dropped) fill.dropped++;
    else if (fate === FATE.summarized) fill.summarized++;
    else fill.masked++;
  }
  return fill;
}
