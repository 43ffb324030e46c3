import type { Message } from '../types';

/**
 * Types of the intent-aware Context Governor (seed 004): task intents, context-unit types, profiles and weights.
 */

/** What the user is asking the agent to do; each intent selects one profile. */
export type TaskIntent = 'code_generation' | 'debugging' | 'explanation' | 'search' | 'planning' | 'review' | 'generic';

/**
 * What a context unit holds. A unit is what is kept or dropped whole: a tool call with its result(s), or a plain
 * message (the groups of `groupMessages`).
 */
export type ContextUnitType =
  | 'file'
  | 'snippet'
  | 'error'
  | 'tool_result'
  | 'message'
  | 'documentation'
  | 'diff'
  | 'search_result'
  | 'requirement'
  | 'example';

/** Seed 004's profile names, one per intent. */
export type GovernorProfileName =
  | 'Code-First'
  | 'Error-First'
  | 'Context-Rich'
  | 'Relevance-First'
  | 'Goal-First'
  | 'Diff-First'
  | 'Balanced';

/** What `classifyIntent` read from a text: the intent, how sure, and the phrases that counted. */
export interface IntentClassification {
  intent: TaskIntent;
  /** 0 to 1: how far the winning intent leads the runner-up, damped when little evidence was found. */
  confidence: number;
  /** The phrases that counted, e.g. `"fix" → debugging +3`, strongest first. */
  evidence: string[];
}

/** The intent a plan used, and where it came from. */
export interface GovernorIntent extends IntentClassification {
  /** `override`: given by the caller; `detected`: read from the transcript by `detectTranscriptIntent`. */
  source: 'detected' | 'override';
}

/** The weights of the scoring formula's terms. Any non-negative numbers: the score divides by their sum. */
export interface ScoreWeights {
  priority: number;
  relevance: number;
  recency: number;
  /** Added when one of the unit's types is among the profile's preserved types. */
  typeBonus: number;
}

/** A weight per unit type. */
export type TypeWeights = Record<ContextUnitType, number>;

/** One of seed 004's strategy profiles: the formula's weights, the unit types' weights and the types that earn the bonus. */
export interface GovernorProfile {
  name: GovernorProfileName;
  intent: TaskIntent;
  weights: ScoreWeights;
  typeWeights: TypeWeights;
  /** Types that earn the type bonus. */
  preserved: readonly ContextUnitType[];
}

/** Custom weights in the seed's configuration shape: `{ priority, relevance, recency }` plus this project's `type_bonus`. */
export interface CustomScoreWeights {
  priority?: number;
  relevance?: number;
  recency?: number;
  type_bonus?: number;
}

/** Custom weights of unit types over a profile's (seed 004's `type_weights`); types left out keep the profile's. */
export type CustomTypeWeights = Partial<Record<ContextUnitType, number>>;

/** The seed's `{ "pruning": { strategy, weights, type_weights } }`, validated (see `parseGovernorConfig`). */
export interface GovernorConfig {
  /** Absent for `auto`/`hybrid`: the intent is detected from the transcript. */
  intent?: TaskIntent;
  weights?: CustomScoreWeights;
  typeWeights?: CustomTypeWeights;
}

/** Where a classifier puts what it finds: a unit type and the evidence for it (`"Read tool result"`, `is_error`). */
export interface EvidenceSink {
  add(type: ContextUnitType, text: string): void;
}

/** Summarizes messages into a shorter text (an extractive summarizer); must be deterministic. */
export type Summarize = (messages: readonly Message[]) => string;
