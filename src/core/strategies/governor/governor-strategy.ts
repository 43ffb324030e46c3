import type { CommonPruneOptions } from '../../plan/types';
import type { TaskIntent } from '../../governor/types';
import { defineStrategy } from '../define-strategy';
import { checkBound } from '../../plan/check-bound';
import { checkOption } from '../check-option';
import { TASK_INTENTS } from '../../governor/constants';
import { fitsBound } from '../../plan/fits-bound';
import { planGovernorLane, type GovernorSettings } from './plan-governor-lane';

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
  /** Only units scoring at least this (in hundredths) are shortened rather than dropped. Default is 50. Range 0–100. */
  keepThreshold?: number;
}

const OPTIONS = [
  { key: 'intent', label: 'Intent', description: 'Picks the profile of weights; auto reads it from the task and the latest prompt.', kind: 'choice', default: 'auto', choices: ['auto', ...TASK_INTENTS] },
  { key: 'query', label: 'Query', description: 'What relevance is measured against; empty: the latest prompt.', kind: 'text', default: '', maxLength: 500 },
  { key: 'keepTask', label: 'Keep the task', description: 'Always send the first prompt a person typed.', kind: 'boolean', default: true },
  { key: 'summarization', label: 'Shorten', description: 'Send a shorter version of a valuable unit that does not fit.', kind: 'boolean', default: true },
  { key: 'keepThreshold', label: 'Shorten above', description: 'Score (in hundredths) a unit needs to be shortened rather than dropped.', kind: 'integer', default: 50, min: 0, max: 100 },
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
  options: OPTIONS,
  normalize: (config: GovernorStrategyConfig): GovernorSettings => ({
    ...checkBound(config, 'governor', true),
    intent: checkOption(config, OPTIONS[0]) as GovernorSettings['intent'],
    query: checkOption(config, OPTIONS[1]),
    keepTask: checkOption(config, OPTIONS[2]),
    summarization: checkOption(config, OPTIONS[3]),
    keepThreshold: checkOption(config, OPTIONS[4]),
    pinned: config.pinned ?? [],
  }),
  plan: planGovernorLane,
  // Within both bounds it sends every unit whole. Its replay is the default: scores and TF-IDF depend on all the history.
  keepsEverything: fitsBound,
});
