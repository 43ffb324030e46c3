import type { Message } from '../../types';
import type { CommonPruneOptions } from '../../plan/types';
import type { CustomScoreWeights, CustomTypeWeights, Summarize, TaskIntent } from '../../governor/types';
import { defineStrategy } from '../define-strategy';
import { checkBound } from '../../plan/check-bound';
import { fitsBound } from '../../plan/fits-bound';
import { checkOption } from '../check-option';
import { booleanOption } from '../boolean-option';
import { integerOption } from '../integer-option';
import { SCORE_WEIGHT_KEYS, TASK_INTENTS, UNIT_TYPES } from '../../governor/constants';
import { readCustomWeights } from '../../governor/read-custom-weights';
import { planGovernorLane, type GovernorSettings } from './plan-governor-lane';

/** The `governor` strategy's config (seed 004's Context Governor). */
export interface GovernorStrategyConfig extends CommonPruneOptions {
  strategy: 'governor';
  /** The task's intent, which picks the profile of weights; `auto` reads it from the transcript. Default is `auto`. */
  intent?: 'auto' | TaskIntent;
  /** What relevance is measured against. Default is '' (the latest prompt, with the task when that is short). */
  query?: string;
  /** Always send the task (the first prompt a person typed) whole. Default is true. */
  keepTask?: boolean;
  /** Send a shorter version of a valuable unit that does not fit (a summary; head and tail of a result). Default is true. */
  summarization?: boolean;
  /** Only units scoring at least this (in hundredths of the score) are shortened rather than dropped. Default is 50. Range 0–100. */
  keepThreshold?: number;
  /**
   * Seed 004's custom weights over the profile's: `{ priority, relevance, recency, type_bonus }`, or the same as text,
   * `priority=0.4, relevance=0.4, recency=0.2`. Keys left out keep the profile's. Default is none.
   */
  weights?: CustomScoreWeights | string;
  /** Seed 004's custom type weights over the profile's (`{ file: 1, message: 0.7 }`, or `file=1, message=0.7`). Default is none. */
  typeWeights?: CustomTypeWeights | string;
  /** Writes the summary of a plain message that does not fit. Default is the extractive summarizer, at most 400 tokens. */
  summarizer?: Summarize;
  /** Counts a replacement message's tokens. Default is its original count scaled by how much of its text it kept. */
  countTokens?: (message: Message) => number;
}

const OPTIONS = [
  { key: 'intent', label: 'Intent', description: 'Picks the profile of weights; auto reads it from the task and the latest prompt.', kind: 'choice', default: 'auto', choices: ['auto', ...TASK_INTENTS] },
  { key: 'query', label: 'Query', description: 'What relevance is measured against; empty: the latest prompt.', kind: 'text', default: '', maxLength: 500 },
  booleanOption('keepTask', 'Keep the task', 'Always send the first prompt a person typed.', true),
  booleanOption('summarization', 'Shorten', 'Send a shorter version of a valuable unit that does not fit.', true),
  integerOption('keepThreshold', 'Shorten above', 'Score (in hundredths) a unit needs to be shortened rather than dropped.', 50, 0, 100),
  { key: 'weights', label: 'Weights', description: "Seed 004's custom weights over the profile's, e.g. priority=0.4, relevance=0.4, recency=0.2 (and type_bonus).", kind: 'text', default: '', maxLength: 200 },
  { key: 'typeWeights', label: 'Type weights', description: "Custom weights of unit types over the profile's, e.g. file=1, message=0.7, tool_result=0.8.", kind: 'text', default: '', maxLength: 400 },
] as const;

/**
 * Seed 004's Context Governor: classify the task's intent, score every unit by its type's weight under that intent's
 * profile, its TF-IDF relevance to the query and its recency, and fill the budget best first, shortening what is
 * valuable but too big.
 */
export const governorStrategy = defineStrategy({
  id: 'governor',
  label: 'Governor',
  description: 'Scores units by what the task needs (its intent picks the weights), relevance to the latest prompt and recency, and fills the budget best first, shortening valuable units that do not fit.',
  bounds: ['maxTokens', 'maxTurns'],
  needsBound: true,
  honoursPins: true,
  slow: true,
  sweepCost: 4,
  options: OPTIONS,
  fields: ['summarizer', 'countTokens'],
  normalize: (config: GovernorStrategyConfig): GovernorSettings => {
    for (const name of ['summarizer', 'countTokens'] as const) {
      if (config[name] !== undefined && typeof config[name] !== 'function') {
        throw new TypeError(`pruneMessages: ${name} must be a function, got ${JSON.stringify(config[name])}`);
      }
    }
    const weights = readCustomWeights(config.weights, 'pruneMessages: weights', SCORE_WEIGHT_KEYS);
    const typeWeights = readCustomWeights(config.typeWeights, 'pruneMessages: typeWeights', UNIT_TYPES);
    return {
      ...checkBound(config, 'governor', true),
      intent: checkOption(config, OPTIONS[0]) as GovernorSettings['intent'],
      query: checkOption(config, OPTIONS[1]),
      keepTask: checkOption(config, OPTIONS[2]),
      summarization: checkOption(config, OPTIONS[3]),
      keepThreshold: checkOption(config, OPTIONS[4]),
      ...(weights !== undefined ? { weights } : {}),
      ...(typeWeights !== undefined ? { typeWeights } : {}),
      summarizer: config.summarizer,
      countTokens: config.countTokens,
      pinned: config.pinned ?? [],
    };
  },
  plan: planGovernorLane,
  // Within both bounds it sends every unit whole. Its replay is the default: scores and TF-IDF depend on all the history.
  keepsEverything: fitsBound,
});
