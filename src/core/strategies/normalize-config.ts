import type { StrategyDefinition } from './types';
import { checkConfigKeys } from './check-config-keys';

/**
 * A config checked by its strategy: every key known (an unknown one is an error naming the nearest known key), then
 * the strategy's own `normalize` (types, ranges, defaults). The one check every entry point runs.
 *
 * @throws {TypeError | RangeError} naming the field, the value and what is allowed
 */
export function normalizeConfig<Id extends string, C extends { strategy: Id }, S>(definition: StrategyDefinition<Id, C, S>, config: C): S {
  checkConfigKeys(definition, config);
  return definition.normalize(config);
}
