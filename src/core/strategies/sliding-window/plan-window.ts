import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { CheckedBound, PlanInsert, StrategyPlan } from '../../plan/types';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';
import { firstTrue } from '../../plan/first-true';

/** What `planWindow` reads of an analysis: the cut positions and token sums, and (with pins) the units and tokens. */
export type WindowAnalysis = Pick<TranscriptAnalysis, 'count' | 'suffixTokens' | 'cutAtOrBefore' | 'cutAtOrAfter' | 'unitOf' | 'tokens'>;

/** The window strategies' settings: the bounds, and the messages the user pinned. */
export interface WindowSettings extends CheckedBound {
  pinned?: readonly number[];
}

/**
 * The window strategies' plan: keep a suffix, cut where no tool group is split, and keep every pinned message with
 * its unit (tool group) wherever it is.
 *
 * - A message bound keeps at least the last `maxTurns` messages: a cut inside a group moves earlier, to the group's
 *   first message (seed 001), so it may keep more.
 * - A token bound keeps the newest messages whose tokens fit (with the summary's, when `summary` is given): a cut
 *   inside a group moves later, past the group, so the budget holds.
 * - Both: the later of the two cuts. The most recent message is always kept (with its group); when that alone is
 *   over the budget, the plan says by how much.
 * - Pins count against the bound: the window is what the bound leaves beside the pinned units before it. When the
 *   pins and the last message alone are over the bound, the window is the last message and the plan says so. The
 *   summary stands for the messages before the cut that are not pinned, and goes where the window starts.
 *
 * O(log n) to find the cut over the analysis' prefix sums and valid cuts (O(n) with pins), then one fill of the fates.
 */
export function planWindow<Id extends string>(
  analysis: WindowAnalysis,
  strategy: Id,
  settings: WindowSettings,
  summary?: { message: (replaced: number) => Message; tokens: (message: Message) => number },
): StrategyPlan<Id> {
  const { count, suffixTokens, cutAtOrBefore, cutAtOrAfter } = analysis;
  const bound: CheckedBound = { maxTurns: settings.maxTurns, maxTokens: settings.maxTokens };
  const total = suffixTokens[0] as number;
  const plan = emptyPlan(strategy, bound, count, total);
  if (count === 0) return plan;
  const pins = pinnedUnits(analysis, settings.pinned);
  // What a cut at c keeps: the suffix, and the pinned messages before it.
  const keptCount = (c: number): number => count - c + (pins ? (pins.countBefore[c] as number) : 0);
  const keptTokens = (c: number): number => (suffixTokens[c] as number) + (pins ? (pins.tokensBefore[c] as number) : 0);
  if (count <= bound.maxTurns && total <= bound.maxTokens) return plan;

  const byTurns = count > bound.maxTurns ? (cutAtOrBefore[firstTrue(count, (c) => keptCount(c) <= bound.maxTurns)] as number) : 0;
  const floorCut = cutAtOrBefore[count - 1] as number;
  const replacedAt = (c: number): number => c - (pins ? (pins.countBefore[c] as number) : 0);
  let cut = byTurns;
  let insert: PlanInsert | undefined;
  if (total > bound.maxTokens) {
    // The summary's size hardly depends on how many messages it replaces: size it for a first guess, then once more.
    let summaryTokens = 0;
    for (let round = 0; round < 2; round++) {
      const budget = bound.maxTokens - summaryTokens;
      const fits = firstTrue(count, (c) => keptTokens(c) <= budget);
      cut = Math.max(byTurns, cutAtOrAfter[fits] as number);
      if (!summary || cut === 0) break;
      const message = summary.message(replacedAt(Math.min(cut, floorCut)));
      summaryTokens = summary.tokens(message);
    }
  }
  let floored = false;
  if (cut > floorCut) {
    cut = floorCut;
    floored = true;
  }
  const replaced = replacedAt(cut);
  if (replaced === 0) {
    if (pins) plan.reasons.fill(REASON.pinned, 0, cut);
    return withOverrun(plan, bound, floored, pins !== undefined);
  }

  const fate = summary ? FATE.summarized : FATE.dropped;
  const reason = summary ? REASON.replacedBySummary : REASON.outsideWindow;
  if (pins) {
    for (let i = 0; i < cut; i++) {
      if (pins.member[i] === 1) plan.reasons[i] = REASON.pinned;
      else {
        plan.fates[i] = fate;
        plan.reasons[i] = reason;
      }
    }
  } else {
    plan.fates.fill(fate, 0, cut);
    plan.reasons.fill(reason, 0, cut);
  }
  if (floored) {
    plan.reasons.fill(REASON.floor, cut, count);
  } else {
    const windowStart = Math.max(cut, count - Math.min(bound.maxTurns, count));
    plan.reasons.fill(REASON.pulledByPair, cut, windowStart);
    plan.reasons.fill(REASON.recentWindow, windowStart, count);
  }
  plan.kept = count - replaced;
  if (summary) {
    const message = summary.message(replaced);
    insert = { before: cut, message, replaces: replaced, tokens: summary.tokens(message) };
    plan.inserts = [insert];
    plan.summarized = replaced;
  } else {
    plan.dropped = replaced;
  }
  plan.tokens = keptTokens(cut) + (insert?.tokens ?? 0);
  return withOverrun(plan, bound, floored, pins !== undefined);
}

interface PinnedUnits {
  /** 1 for a message in the unit of a pinned message. */
  member: Uint8Array;
  /** `countBefore[c]`: how many such messages lie before `c`; `tokensBefore[c]`: their tokens. */
  countBefore: Int32Array;
  tokensBefore: Float64Array;
}

/** The units (tool groups, glued to broken turns) of the pinned messages; undefined without a valid pin. */
function pinnedUnits(analysis: WindowAnalysis, pinned: readonly number[] | undefined): PinnedUnits | undefined {
  const { count, unitOf, tokens } = analysis;
  if (!pinned || pinned.length === 0) return undefined;
  const units = new Set<number>();
  for (const index of pinned) if (Number.isInteger(index) && index >= 0 && index < count) units.add(unitOf[index] as number);
  if (units.size === 0) return undefined;
  const member = new Uint8Array(count);
  const countBefore = new Int32Array(count + 1);
  const tokensBefore = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) {
    const pin = units.has(unitOf[i] as number);
    member[i] = pin ? 1 : 0;
    countBefore[i + 1] = (countBefore[i] as number) + (pin ? 1 : 0);
    tokensBefore[i + 1] = (tokensBefore[i] as number) + (pin ? (tokens[i] as number) : 0);
  }
  return { member, countBefore, tokensBefore };
}

function withOverrun<P extends StrategyPlan>(plan: P, bound: CheckedBound, floored: boolean, pinned: boolean): P {
  const pinnedWhy = 'the pinned messages and the most recent message, with the tool calls it answers, are over the bound on their own';
  if (plan.kept > bound.maxTurns) {
    // Seed 001: the window keeps more rather than split a pair; say so, it is by design, not a failure.
    plan.over = {
      unit: 'messages',
      by: plan.kept - bound.maxTurns,
      why: floored && pinned ? pinnedWhy : floored && plan.kept === 1 ? 'at least 1 message is always kept' : 'to keep a tool call with its result',
    };
  }
  if (plan.tokens > bound.maxTokens) {
    plan.over = {
      unit: 'tokens',
      by: plan.tokens - bound.maxTokens,
      why: floored
        ? pinned
          ? pinnedWhy
          : 'the most recent message, with the tool calls it answers, is larger than the budget on its own'
        : 'the summary message does not fit beside the most recent message',
    };
  }
  return plan;
}
