import type { CustomScoreWeights, CustomTypeWeights, GovernorProfile, TaskIntent } from './types';
import { GOVERNOR_PROFILES } from './governor-profiles';
import { SCORE_WEIGHT_KEYS, TASK_INTENTS, UNIT_TYPES } from './constants';
import { checkedWeights } from './checked-weights';

/**
 * The profile of `intent` with custom weights laid over it: keys given replace the profile's, keys left out keep
 * them. `weights` takes the seed's `{ priority, relevance, recency }` and `type_bonus`; `typeWeights` any of the ten
 * unit types. Weights may be any finite numbers from 0 up: the score divides by their sum (see `scoreGovernorUnits`).
 * `caller` starts error messages.
 *
 * @throws {TypeError} for an unknown intent, a key that is not a weight, or a weight that is not a number
 * @throws {RangeError} for a negative or infinite weight, or when the four score weights are all 0
 */
export function resolveGovernorProfile(
  intent: TaskIntent,
  weights?: CustomScoreWeights,
  typeWeights?: CustomTypeWeights,
  caller = 'planGovernor',
): GovernorProfile {
  if (!TASK_INTENTS.includes(intent)) {
    throw new TypeError(`${caller}: intent must be one of ${TASK_INTENTS.join(', ')}, got ${JSON.stringify(intent)}`);
  }
  const base = GOVERNOR_PROFILES[intent];
  const custom = weights === undefined ? {} : checkedWeights(weights, `${caller}: weights`, SCORE_WEIGHT_KEYS);
  const types = typeWeights === undefined ? {} : checkedWeights(typeWeights, `${caller}: typeWeights`, UNIT_TYPES);
  const resolved = {
    priority: custom.priority ?? base.weights.priority,
    relevance: custom.relevance ?? base.weights.relevance,
    recency: custom.recency ?? base.weights.recency,
    typeBonus: custom.type_bonus ?? base.weights.typeBonus,
  };
  if (resolved.priority + resolved.relevance + resolved.recency + resolved.typeBonus === 0) {
    throw new RangeError(`${caller}: weights priority, relevance, recency and type_bonus are all 0; at least one must be above 0`);
  }
  return { ...base, weights: resolved, typeWeights: { ...base.typeWeights, ...types } };
}
