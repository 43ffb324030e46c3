import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { CheckedBound, StrategyPlan } from '../../plan/types';
import type { TaskIntent } from '../../governor/types';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';
import { analyzeForGovernor, type GovernorAnalysis } from '../../governor/analyze-for-governor';
import { scoreGovernorUnits, type GovernorScores } from '../../governor/score-governor-units';
import { fillGovernorBudget } from '../../governor/fill-governor-budget';
import { UNIT_TYPES } from '../../governor/constants';
import { createExtractiveSummarizer } from '../../summary/create-extractive-summarizer';

export interface GovernorSettings extends CheckedBound {
  intent: 'auto' | TaskIntent;
  query: string;
  keepTask: boolean;
  summarization: boolean;
  keepThreshold: number;
  pinned: readonly number[];
}

// Analysed once per transcript analysis, scored once per intent and query: a new budget only refills.
const analyses = new WeakMap<TranscriptAnalysis, { governor: GovernorAnalysis; scores: Map<string, GovernorScores> }>();

/**
 * Seed 004's intent-aware governor over an analysed transcript: units are the analysis's (tool groups, broken turns
 * glued), types and TF-IDF relevance are computed once, scores once per intent and query, and each budget refills.
 */
export function planGovernorLane(analysis: TranscriptAnalysis, settings: GovernorSettings): StrategyPlan<'governor'> {
  const { count, messages, tokens, counter } = analysis;
  let cached = analyses.get(analysis);
  if (!cached) {
    const units = { count, scan: analysis.scan, groupOf: analysis.unitOf, groupFirst: analysis.unitFirst, groupSize: analysis.unitSize };
    cached = { governor: analyzeForGovernor(messages, units), scores: new Map() };
    analyses.set(analysis, cached);
  }
  const key = `${settings.intent}\u0000${settings.query}`;
  let scores = cached.scores.get(key);
  if (!scores) {
    scores = scoreGovernorUnits(cached.governor, {
      ...(settings.intent !== 'auto' ? { intent: settings.intent } : {}),
      ...(settings.query ? { query: settings.query } : {}),
    });
    cached.scores.set(key, scores);
  }
  const summarizer = createExtractiveSummarizer({ counter, maxTokens: 400 });
  const result = fillGovernorBudget(cached.governor, scores, {
    tokens,
    maxTokens: settings.maxTokens,
    ...(settings.maxTurns !== Infinity ? { maxTurns: settings.maxTurns } : {}),
    pinned: settings.pinned.filter((i) => Number.isInteger(i) && i >= 0 && i < count),
    keepTask: settings.keepTask,
    summarization: settings.summarization,
    keepThreshold: settings.keepThreshold / 100,
    summarize: (unit) => summarizer.summarizeSync(unit, ''),
  });

  const plan = emptyPlan('governor', { maxTurns: settings.maxTurns, maxTokens: settings.maxTokens }, count, result.tokensKept);
  const pinned = new Set(settings.pinned);
  for (let i = 0; i < count; i++) {
    const fate = result.fates[i] as number;
    plan.fates[i] = fate;
    plan.reasons[i] =
      fate === FATE.dropped ? REASON.overBudget : fate === FATE.kept ? (pinned.has(i) ? REASON.pinned : i === count - 1 ? REASON.floor : REASON.budget) : REASON.shortened;
  }
  plan.kept = result.kept;
  plan.dropped = result.dropped;
  plan.summarized = result.summarized;
  plan.masked = result.masked;
  plan.tokens = result.tokensKept;
  if (result.replacements.size > 0) plan.replacement = (index) => result.replacements.get(index);
  if (result.overBudgetBy > 0) {
    plan.over = { unit: 'tokens', by: result.overBudgetBy, why: 'the last message, the task and the pinned messages are always sent whole, and they alone are over the budget' };
  }
  const intent = result.intent;
  const percent = (x: number) => `${Math.round(x * 100)}`;
  const cells = {
    tags: UNIT_TYPES,
    tagOf: new Uint8Array(count).fill(255),
    terms: ['priority', 'relevance', 'recency', 'type bonus'],
    values: new Float32Array(count * 4),
    score: new Float32Array(count),
  };
  for (let i = 0; i < count; i++) {
    const unit = result.unitOf[i];
    if (unit === undefined) continue;
    cells.tagOf[i] = result.unitType[unit] as number;
    cells.score[i] = result.score[unit] as number;
    cells.values.set([result.priority[unit] as number, result.relevanceUsed ? (result.relevance[unit] as number) : 0, result.recency[unit] as number, result.typeBonus[unit] as number], i * 4);
  }
  plan.explain = {
    cells,
    headline: `${intent.source === 'override' ? 'Intent set' : 'Intent read'}: ${intent.intent.replace(/_/g, ' ')}${intent.source === 'detected' ? ` (${percent(intent.confidence)}% sure${intent.evidence.length ? `: ${intent.evidence.slice(0, 3).join(', ')}` : ''})` : ''}`,
    about(index) {
      const unit = result.unitOf[index];
      if (unit === undefined) return undefined;
      const evidence = result.unitEvidence[unit] ?? [];
      return {
        title: `A ${UNIT_TYPES[result.unitType[unit] as number] ?? 'message'} unit, score ${(result.score[unit] as number).toFixed(2)}`,
        facts: [
          ['priority', (result.priority[unit] as number).toFixed(3)],
          ['relevance', result.relevanceUsed ? (result.relevance[unit] as number).toFixed(3) : 'no query terms'],
          ['recency', (result.recency[unit] as number).toFixed(3)],
          ['type bonus', (result.typeBonus[unit] as number).toFixed(3)],
          ...(evidence.length ? [['evidence', evidence.slice(0, 4).join('; ')] as const] : []),
        ],
      };
    },
  };
  return plan;
}
