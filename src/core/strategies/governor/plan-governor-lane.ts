import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { CheckedBound, PlanExplanation, StrategyPlan } from '../../plan/types';
import type { CustomScoreWeights, CustomTypeWeights, GovernorIntent, GovernorProfile, Summarize, TaskIntent } from '../../governor/types';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';
import { analyzeForGovernor, type GovernorAnalysis } from '../../governor/analyze-for-governor';
import { scoreGovernorUnits, type GovernorScores } from '../../governor/score-governor-units';
import { fillGovernorBudget, type GovernorFill } from '../../governor/fill-governor-budget';
import { UNIT_TYPES } from '../../governor/constants';
import { createExtractiveSummarizer } from '../../summary/create-extractive-summarizer';

export interface GovernorSettings extends CheckedBound {
  intent: 'auto' | TaskIntent;
  query: string;
  keepTask: boolean;
  summarization: boolean;
  /** In hundredths of the score. */
  keepThreshold: number;
  weights?: CustomScoreWeights;
  typeWeights?: CustomTypeWeights;
  summarizer: Summarize | undefined;
  countTokens: ((message: Message) => number) | undefined;
  pinned: readonly number[];
}

/**
 * A governor plan: the plan every strategy makes, and what the governor read and scored to make it (the intent and
 * profile used, and per unit its type, evidence, fate and the four terms of its score). The per-unit arrays are the
 * analysis's and the scoring's own, shared between plans: read them, do not write them.
 */
export interface GovernorPlan extends StrategyPlan<'governor'> {
  intent: GovernorIntent;
  profile: GovernorProfile;
  /** The query relevance was measured against ('' when there was none). */
  query: string;
  relevanceUsed: boolean;
  /** Per message: its unit; per message, the tokens it costs as sent (0 when dropped). */
  unitOf: Int32Array;
  sentTokens: Float64Array;
  /** Per unit: its type (an index into `UNIT_TYPES`), all its types (bits), evidence and `FATE`. */
  unitType: Uint8Array;
  unitTypeMask: Uint16Array;
  unitEvidence: readonly (readonly string[])[];
  unitFate: Uint8Array;
  /** Per unit: the four terms of its score and the score, each in [0, 1] (see `scoreGovernorUnits`). */
  priority: Float64Array;
  relevance: Float64Array;
  recency: Float64Array;
  typeBonus: Float64Array;
  score: Float64Array;
}

interface Cached {
  governor: GovernorAnalysis;
  scores: Map<string, GovernorScores>;
  /** The default summarizer, made once, so shortened versions are reused from one budget to the next. */
  summarize: Summarize;
}

// Analysed once per transcript analysis, scored once per intent, query and weights: a new budget only refills.
const analyses = new WeakMap<TranscriptAnalysis, Cached>();

/**
 * Seed 004's intent-aware governor over an analysed transcript: units are the analysis's (tool groups, broken turns
 * glued), types and TF-IDF relevance are computed once, scores once per intent, query and weights, and each budget
 * refills (`fillGovernorBudget`).
 */
export function planGovernorLane(analysis: TranscriptAnalysis, settings: GovernorSettings): GovernorPlan {
  const cached = governorAnalysis(analysis);
  const scores = scoresFor(cached, settings);
  const fill = fillGovernorBudget(cached.governor, scores, {
    tokens: analysis.tokens,
    maxTokens: settings.maxTokens,
    maxTurns: settings.maxTurns,
    pinned: settings.pinned.filter((i) => Number.isInteger(i) && i >= 0 && i < analysis.count),
    keepTask: settings.keepTask,
    summarization: settings.summarization,
    shortenAbove: settings.keepThreshold / 100,
    summarize: settings.summarizer ?? cached.summarize,
    countTokens: settings.countTokens,
  });
  const plan = emptyPlan('governor', { maxTurns: settings.maxTurns, maxTokens: settings.maxTokens }, analysis.count, fill.tokens);
  const { governor } = cached;
  const governed: GovernorPlan = Object.assign(plan, {
    intent: scores.intent,
    profile: scores.profile,
    query: scores.query,
    relevanceUsed: scores.relevanceUsed,
    unitOf: governor.units.unitOf,
    sentTokens: fill.sentTokens,
    unitType: governor.types.primaryType,
    unitTypeMask: governor.types.typeMask,
    unitEvidence: governor.types.evidence,
    unitFate: fill.unitFate,
    priority: scores.priority,
    relevance: scores.relevance,
    recency: scores.recency,
    typeBonus: scores.typeBonus,
    score: scores.score,
  });
  recordFates(governed, fill, settings.pinned);
  governed.explain = explainGovernorPlan(governed);
  return governed;
}

function governorAnalysis(analysis: TranscriptAnalysis): Cached {
  let cached = analyses.get(analysis);
  if (!cached) {
    const { count, scan, unitOf, unitFirst, unitSize, messages, counter } = analysis;
    const units = { count, scan, groupOf: unitOf, groupFirst: unitFirst, groupSize: unitSize };
    const summarizer = createExtractiveSummarizer({ counter, maxTokens: 400 });
    cached = { governor: analyzeForGovernor(messages, units), scores: new Map(), summarize: (unit) => summarizer.summarizeSync(unit, '') };
    analyses.set(analysis, cached);
  }
  return cached;
}

function scoresFor(cached: Cached, settings: GovernorSettings): GovernorScores {
  const key = JSON.stringify([settings.intent, settings.query, settings.weights ?? null, settings.typeWeights ?? null]);
  let scores = cached.scores.get(key);
  if (!scores) {
    scores = scoreGovernorUnits(cached.governor, {
      ...(settings.intent !== 'auto' ? { intent: settings.intent } : {}),
      ...(settings.query ? { query: settings.query } : {}),
      ...(settings.weights ? { weights: settings.weights } : {}),
      ...(settings.typeWeights ? { typeWeights: settings.typeWeights } : {}),
    });
    cached.scores.set(key, scores);
  }
  return scores;
}

/** The fill's fates and counts into the plan, with each message's reason. */
function recordFates(plan: GovernorPlan, fill: GovernorFill, pinnedList: readonly number[]): void {
  const count = plan.fates.length;
  const pinned = new Set(pinnedList);
  plan.fates.set(fill.fates);
  for (let i = 0; i < count; i++) {
    const fate = fill.fates[i] as number;
    plan.reasons[i] =
      fate === FATE.dropped ? REASON.overBudget : fate === FATE.kept ? (pinned.has(i) ? REASON.pinned : i === count - 1 ? REASON.floor : REASON.budget) : REASON.shortened;
  }
  plan.kept = fill.kept;
  plan.dropped = fill.dropped;
  plan.summarized = fill.summarized;
  plan.masked = fill.masked;
  if (fill.replacements.size > 0) plan.replacement = (index) => fill.replacements.get(index);
  if (fill.overBudgetBy > 0) {
    plan.over = { unit: 'tokens', by: fill.overBudgetBy, why: 'the last message, the task and the pinned messages are always sent whole, and they alone are over the budget' };
  }
}

/** The lane's headline (the intent used), each row's unit type and score terms, and a row's facts on demand. */
function explainGovernorPlan(plan: GovernorPlan): PlanExplanation {
  const count = plan.fates.length;
  const cells = {
    tags: UNIT_TYPES,
    tagOf: new Uint8Array(count).fill(255),
    terms: ['priority', 'relevance', 'recency', 'type bonus'],
    values: new Float32Array(count * 4),
    score: new Float32Array(count),
  };
  for (let i = 0; i < count; i++) {
    const unit = plan.unitOf[i];
    if (unit === undefined) continue;
    cells.tagOf[i] = plan.unitType[unit] as number;
    cells.score[i] = plan.score[unit] as number;
    cells.values.set([plan.priority[unit] as number, plan.relevanceUsed ? (plan.relevance[unit] as number) : 0, plan.recency[unit] as number, plan.typeBonus[unit] as number], i * 4);
  }
  const { intent } = plan;
  const percent = (x: number) => `${Math.round(x * 100)}`;
  return {
    cells,
    headline: `${intent.source === 'override' ? 'Intent set' : 'Intent read'}: ${intent.intent.replace(/_/g, ' ')}${intent.source === 'detected' ? ` (${percent(intent.confidence)}% sure${intent.evidence.length ? `: ${intent.evidence.slice(0, 3).join(', ')}` : ''})` : ''}`,
    about(index) {
      const unit = plan.unitOf[index];
      if (unit === undefined) return undefined;
      const evidence = plan.unitEvidence[unit] ?? [];
      return {
        title: `${unitWords(UNIT_TYPES[plan.unitType[unit] as number] ?? 'message')} unit, score ${(plan.score[unit] as number).toFixed(2)}`,
        facts: [
          ['priority', (plan.priority[unit] as number).toFixed(3)],
          ['relevance', plan.relevanceUsed ? (plan.relevance[unit] as number).toFixed(3) : 'no query terms'],
          ['recency', (plan.recency[unit] as number).toFixed(3)],
          ['type bonus', (plan.typeBonus[unit] as number).toFixed(3)],
          ...(evidence.length ? [['evidence', evidence.slice(0, 4).join('; ')] as const] : []),
        ],
      };
    },
  };
}

/** A unit type as words with its article: "An error", "A tool result" (the details pane read "A error unit"). */
function unitWords(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'An' : 'A'} ${type.replace(/_/g, ' ')}`;
}
