import type { Message } from '../types';
import type { GovernorIntent, GovernorProfile, Summarize } from './types';
import type { GovernorAnalysis } from './analyze-for-governor';
import type { GovernorScores } from './score-governor-units';
import type { ShortenedVersion } from './shortened-cache';
import { GOVERNOR_FATE } from './constants';
import { checkedBudget } from './checked-budget';
import { shortenUnit, MASK_LEVELS } from './shorten-unit';

/** Everything a plan depends on that changes with the budget. */
export interface GovernorBudget {
  /** Per message: its tokens (from the caller's tokenizer). Same length as the messages. */
  tokens: Float64Array;
  /** Token budget: finite or `Infinity`, 0 or more. */
  maxTokens: number;
  /**
   * At most this many messages sent (summarized and masked ones count), beyond the always-sent units, which are sent
   * whatever the cap. Floored; below 1 acts as 1. Default is no limit.
   */
  maxTurns?: number;
  /** Message indices whose units are always sent whole. Default is none. */
  pinned?: readonly number[];
  /** Always send the task (the first prompt a person typed) whole. Default is true. */
  keepTask?: boolean;
  /** Allow shorter versions of units that do not fit (the seed's third trigger condition). Default is true. */
  summarization?: boolean;
  /** Makes the extractive summary of plain messages; without it, only tool results are shortened (masked). */
  summarize?: Summarize;
  /** Only units scoring at least this are shortened rather than dropped, in [0, 1]. Default is 0.5. */
  keepThreshold?: number;
  /** Counts a replacement message's tokens. Default is its original count scaled by how much text it kept. */
  countTokens?: (message: Message) => number;
}

export interface GovernorPlan {
  /** Per message: a `GOVERNOR_FATE` code (kept 0, dropped 1, summarized 2, masked 3). */
  fates: Uint8Array;
  /** The message sent in place of each summarized or masked one: new objects; the input is untouched. */
  replacements: Map<number, Message>;
  /** Per message: the tokens it costs as sent (0 when dropped, the replacement's when shortened). */
  sentTokens: Float64Array;
  /** Sum of `sentTokens`. */
  tokensKept: number;
  maxTokens: number;
  /** How far the always-sent units (last message, pinned, task) alone exceed `maxTokens`; 0 when they fit. */
  overBudgetBy: number;
  kept: number;
  dropped: number;
  summarized: number;
  masked: number;
  intent: GovernorIntent;
  profile: GovernorProfile;
  query: string;
  relevanceUsed: boolean;
  /**
   * Per message: its unit. Per unit: its type (index into `UNIT_TYPES`), all its types (bits), evidence, fate. The
   * arrays below are the analysis's and the scoring's own, shared between plans: read them, do not write them.
   */
  unitOf: Int32Array;
  unitType: Uint8Array;
  unitTypeMask: Uint16Array;
  unitEvidence: readonly (readonly string[])[];
  /** Per unit: kept (whole), dropped, summarized or masked, as `GOVERNOR_FATE` codes. */
  unitFate: Uint8Array;
  /** Per unit: the four terms of its score and the score, each in [0, 1] (see `scoreGovernorUnits`). */
  priority: Float64Array;
  relevance: Float64Array;
  recency: Float64Array;
  typeBonus: Float64Array;
  score: Float64Array;
}

// Read once: a module binding read in a loop can cost a getter call under some bundlers.
const { kept: KEPT, dropped: DROPPED, summarized: SUMMARIZED, masked: MASKED } = GOVERNOR_FATE;

/**
 * Fills a token budget with units, by the seed's rules:
 *
 * 1. The unit of the last message, the units of pinned messages and (unless `keepTask` is false) the unit of the
 *    task are always sent whole, even past the budget; `overBudgetBy` then says by how much.
 * 2. Every other unit, by score (highest first; ties: newer first), is sent whole if it fits the tokens and turns
 *    left. A unit that does not fit is skipped and the walk goes on, so smaller units further down can still fit.
 * 3. A unit that does not fit but scores at least `keepThreshold` is sent shorter if a shorter version fits (the
 *    seed's four summarization triggers): a unit with tool results is masked (each result keeps its first and last
 *    lines, `[… N lines cleared …]` between; calls, ids and `is_error` untouched), first lightly, then harder; a
 *    plain message is replaced by `summarize([message])` when a summarizer is given.
 * 4. Units are whole or absent, so no tool call loses its result; sent messages keep their input order.
 *
 * Never sends more than `maxTokens` unless step 1 alone does. O(n) for a new budget after `scoreGovernorUnits`,
 * plus the first shortening of each unit tried (kept in `analysis.shortened` for the next budget).
 *
 * @throws {TypeError | RangeError} for a bad budget, naming the field (see `checkedBudget`)
 */
export function fillGovernorBudget(analysis: GovernorAnalysis, scores: GovernorScores, budget: GovernorBudget): GovernorPlan {
  const { messages, units, groups } = analysis;
  const n = messages.length;
  const { tokens, maxTokens, maxTurns, pinned, keepTask, summarization, summarize, keepThreshold, countTokens } = checkedBudget(
    budget,
    n,
  );
  const count = units.count;

  const unitTokens = new Float64Array(count);
  const fixedTokens = new Float64Array(count);
  const hasResult = new Uint8Array(count);
  const plain = new Uint8Array(count).fill(1);
  const resultMessage = new Uint8Array(n);
  for (const i of groups.scan.resultIndex) resultMessage[i] = 1;
  for (let k = 0; k < groups.scan.orphanIndex.length; k++) if (groups.scan.orphanKind[k] === 'result') resultMessage[groups.scan.orphanIndex[k] as number] = 1;
  for (const i of groups.scan.useIndex) plain[units.unitOf[i] as number] = 0;
  for (const i of groups.scan.orphanIndex) plain[units.unitOf[i] as number] = 0;
  for (let i = 0; i < n; i++) {
    const u = units.unitOf[i] as number;
    unitTokens[u] = (unitTokens[u] as number) + (tokens[i] as number);
    if (resultMessage[i] === 1) {
      hasResult[u] = 1;
      plain[u] = 0;
    } else {
      fixedTokens[u] = (fixedTokens[u] as number) + (tokens[i] as number);
    }
  }

  const unitFate = new Uint8Array(count).fill(DROPPED);
  const chosen = new Map<number, ShortenedVersion>();
  let spent = 0;
  let turns = 0;
  const send = (u: number): void => {
    unitFate[u] = KEPT;
    spent += unitTokens[u] as number;
    turns += unitSize(units.memberStart, u);
  };

  const always = new Set<number>();
  if (n > 0) always.add(units.unitOf[n - 1] as number);
  for (const i of pinned) always.add(units.unitOf[i] as number);
  if (keepTask && analysis.prompts.task >= 0) always.add(units.unitOf[analysis.prompts.task] as number);
  for (const u of [...always].sort((a, b) => a - b)) send(u);
  const overBudgetBy = Math.max(0, spent - maxTokens);

  for (let k = 0; k < count; k++) {
    const u = scores.order[k] as number;
    if (always.has(u)) continue;
    const size = unitSize(units.memberStart, u);
    if (turns + size > maxTurns) continue;
    const room = maxTokens - spent;
    if ((unitTokens[u] as number) <= room) {
      send(u);
      continue;
    }
    if (!summarization || (scores.score[u] as number) < keepThreshold) continue;
    const version = shorterThatFits(u, room);
    if (version === undefined) continue;
    unitFate[u] = version.fate === 'masked' ? MASKED : SUMMARIZED;
    chosen.set(u, version.version);
    spent += version.tokens;
    turns += size;
  }

  function shorterThatFits(u: number, room: number): { version: ShortenedVersion; tokens: number; fate: ShortenedVersion['fate'] } | undefined {
    if (hasResult[u] === 1) {
      // The calls and any text beside the results stay whole: no mask can make the unit smaller than they are.
      if ((fixedTokens[u] as number) >= room) return undefined;
      for (let level = 0; level < MASK_LEVELS.length; level++) {
        const version = shortenUnit(analysis, u, { kind: 'mask', level });
        if (version === null) return undefined;
        const cost = versionTokens(u, version);
        if (cost <= room) return { version, tokens: cost, fate: 'masked' };
      }
      return undefined;
    }
    if (plain[u] === 1 && summarize !== undefined) {
      const version = shortenUnit(analysis, u, { kind: 'summary', summarize });
      if (version === null) return undefined;
      const cost = versionTokens(u, version);
      if (cost <= room) return { version, tokens: cost, fate: 'summarized' };
    }
    return undefined;
  }

  function versionTokens(u: number, version: ShortenedVersion): number {
    let cost = unitTokens[u] as number;
    for (const member of version.members) cost += replacementTokens(member) - (tokens[member.index] as number);
    return cost;
  }

  function replacementTokens(member: ShortenedVersion['members'][number]): number {
    if (countTokens !== undefined) return countTokens(member.message);
    const original = groups.scan.textLength[member.index] as number;
    const own = tokens[member.index] as number;
    return original > 0 ? Math.ceil((own * member.textLength) / original) : own;
  }

  const fates = new Uint8Array(n);
  const sentTokens = new Float64Array(n);
  const replacements = new Map<number, Message>();
  const tally = { kept: 0, dropped: 0, summarized: 0, masked: 0 };
  for (let i = 0; i < n; i++) {
    const fate = unitFate[units.unitOf[i] as number] as number;
    fates[i] = fate === DROPPED ? DROPPED : KEPT;
    sentTokens[i] = fate === DROPPED ? 0 : (tokens[i] as number);
  }
  for (const [u, version] of chosen) {
    for (const member of version.members) {
      fates[member.index] = unitFate[u] as number;
      sentTokens[member.index] = replacementTokens(member);
      replacements.set(member.index, member.message);
    }
  }
  let tokensKept = 0;
  for (let i = 0; i < n; i++) {
    tokensKept += sentTokens[i] as number;
    const fate = fates[i] as number;
    if (fate === KEPT) tally.kept++;
    else if (fate === DROPPED) tally.dropped++;
    else if (fate === SUMMARIZED) tally.summarized++;
    else tally.masked++;
  }

  return {
    fates,
    replacements,
    sentTokens,
    tokensKept,
    maxTokens,
    overBudgetBy,
    ...tally,
    intent: scores.intent,
    profile: scores.profile,
    query: scores.query,
    relevanceUsed: scores.relevanceUsed,
    unitOf: units.unitOf,
    unitType: analysis.types.primaryType,
    unitTypeMask: analysis.types.typeMask,
    unitEvidence: analysis.types.evidence,
    unitFate,
    priority: scores.priority,
    relevance: scores.relevance,
    recency: scores.recency,
    typeBonus: scores.typeBonus,
    score: scores.score,
  };
}

function unitSize(memberStart: Int32Array, u: number): number {
  return (memberStart[u + 1] as number) - (memberStart[u] as number);
}
