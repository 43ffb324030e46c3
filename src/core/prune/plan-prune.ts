import type { PrunerConfig, PrunePlan } from '../strategies/registry';

import type { TranscriptAnalysis } from '../plan/analyze-transcript';
import { getStrategy } from '../strategies/get-strategy';
import { normalizeConfig } from '../strategies/normalize-config';
import { checkConfigObject } from './check-config-object';

/**
 * Decides each message's fate under one strategy and config, without building the pruned array: the registered
 * strategy's `plan`, after its `normalize` has checked the config. `analysis` comes from `analyzeTranscript` and
 * serves every strategy and bound, so the inspector analyses once and re-plans on every change of the bound.
 *
 * @throws {TypeError} for an unknown strategy or config key, a bound that is not a number, or an option of the wrong type
 * @throws {RangeError} for a negative bound or an option out of its range
 */
export function planPrune(analysis: TranscriptAnalysis, config: PrunerConfig): PrunePlan {
  checkConfigObject(config);
  const strategy = getStrategy(config.strategy);
  return strategy.plan(analysis, normalizeConfig(strategy, config)) as PrunePlan;
}
