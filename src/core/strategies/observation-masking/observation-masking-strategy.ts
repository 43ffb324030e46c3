import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { checkBound } from '../../plan/check-bound';
import { checkOption } from '../check-option';
import { booleanOption } from '../boolean-option';
import { integerOption } from '../integer-option';
import { planObservationMasking, type ObservationMaskingSettings } from './plan-observation-masking';
import { replayMasking } from './replay-masking';
import { replayLiveMasking } from './replay-live-masking';

/** The `observation-masking` strategy's config. */
export interface ObservationMaskingConfig extends CommonPruneOptions {
  strategy: 'observation-masking';
  /** Tool results left as they are, counted from the end. Default is 10. Range 0–100,000. */
  keepRecent?: number;
  /** Names of tools whose results are never cleared (for example a memory or todo tool). Default is none. */
  excludeTools?: readonly string[];
  /** Also clear the inputs of the calls whose results are cleared. Default is false. */
  clearToolInputs?: boolean;
  /** Results smaller than this many tokens are not worth clearing. Default is 50. Range 0–10,000,000. */
  minTokens?: number;
}

const OPTIONS = [
  integerOption('keepRecent', 'Keep recent', 'Tool results left as they are, counted from the end.', 10, 0, 100_000, 'results'),
  integerOption('minTokens', 'Min size', 'Results smaller than this many tokens are not worth clearing.', 50, 0, 10_000_000, 'tokens'),
  booleanOption('clearToolInputs', 'Clear inputs', 'Also clear the inputs of the calls whose results are cleared.', false),
  { key: 'excludeTools', label: 'Never clear', description: 'Tools whose results are never cleared.', kind: 'string-list', default: [] },
] as const;

/**
 * SWE-agent's `LastNObservations`, Anthropic's `clear_tool_uses`, Claude Code's micro-compaction: keep every message,
 * clear the content of old tool results. As good as LLM summarization at about half the cost on SWE-bench agents
 * (arXiv 2508.21433).
 */
export const observationMaskingStrategy = defineStrategy({
  id: 'observation-masking',
  label: 'Observation masking',
  description: 'Keeps every message; the content of tool results older than the most recent ones becomes a one-line placeholder.',
  bounds: ['maxTokens'],
  needsBound: false,
  honoursPins: true,
  options: OPTIONS,
  unboundNote: (unit) => (unit === 'messages' ? 'Not bound by messages: masking never drops one.' : undefined),
  normalize: (config: ObservationMaskingConfig): ObservationMaskingSettings => ({
    ...checkBound({ maxTokens: config.maxTokens }, 'observation-masking', false),
    keepRecent: checkOption(config, OPTIONS[0]),
    minTokens: checkOption(config, OPTIONS[1]),
    clearToolInputs: checkOption(config, OPTIONS[2]),
    excludeTools: checkOption(config, OPTIONS[3]),
    pinned: config.pinned ?? [],
  }),
  plan: planObservationMasking,
  // No `keepsEverything`: masking clears old results whatever the bound.
  replay: { stateless: replayMasking, live: replayLiveMasking },
});
