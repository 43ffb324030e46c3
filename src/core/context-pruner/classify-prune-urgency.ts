import type { ContextPrunerConfig, ContextWindow, PruneUrgency } from './types';
import { resolveContextPrunerConfig } from './resolve-context-pruner-config';
import { urgencyForTokens } from './urgency-for-tokens';

/**
 * How urgently a window needs pruning, from `window.totalTokenEstimate` alone (seed 003): `'none'` up to and at
 * the soft limit, `'soft'` above it, `'hard'` above the hard limit. Limits default to 500,000 and 800,000 tokens.
 *
 * @throws {TypeError} when `window.totalTokenEstimate` is not a number, or for a config field of the wrong type
 * @throws {RangeError} when the total is negative or not finite, or for a config value out of range
 */
export function classifyPruneUrgency(window: ContextWindow, config?: ContextPrunerConfig): PruneUrgency {
  const { softLimitTokens, hardLimitTokens } = resolveContextPrunerConfig(config);
  const total = window?.totalTokenEstimate;
  if (typeof total !== 'number') {
    throw new TypeError(`classifyPruneUrgency: window.totalTokenEstimate must be a number of tokens, got ${typeof total}`);
  }
  if (!Number.isFinite(total) || total < 0) {
    throw new RangeError(`classifyPruneUrgency: window.totalTokenEstimate must be finite and ≥ 0, got ${total}`);
  }
  return urgencyForTokens(total, softLimitTokens, hardLimitTokens);
}
