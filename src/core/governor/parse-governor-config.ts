import type { GovernorConfig, TaskIntent } from './types';
import { GOVERNOR_PROFILES } from './governor-profiles';
import { SCORE_WEIGHT_KEYS, TASK_INTENTS, UNIT_TYPES } from './constants';
import { checkedWeights } from './checked-weights';

const PRUNING_KEYS = ['strategy', 'weights', 'type_weights'];
const DETECT = ['auto', 'hybrid'];

/**
 * Reads the seed's configuration shape, as a user would write it in a JSON file:
 *
 * ```json
 * { "pruning": { "strategy": "hybrid", "weights": { "priority": 0.4, "relevance": 0.4, "recency": 0.2 },
 *                "type_weights": { "file": 1.0, "message": 0.7, "tool_result": 0.8 } } }
 * ```
 *
 * `strategy`: `auto` or `hybrid` (the intent is detected from the transcript), an intent (`debugging`), or a
 * profile name in any case (`Error-First`, `error-first`). `weights`: `priority`, `relevance`, `recency` and this
 * project's `type_bonus`. `type_weights`: any of the ten unit types. Every part is optional. Errors name the key
 * path (`pruning.weights.relevance`), the value, and what is allowed.
 *
 * @throws {TypeError} for a wrong shape, an unknown key, strategy or type, or a weight that is not a number
 * @throws {RangeError} for a negative or infinite weight
 */
export function parseGovernorConfig(value: unknown): GovernorConfig {
  if (!isObject(value)) throw new TypeError(`governor config must be an object like { "pruning": { … } }, got ${kind(value)}`);
  for (const key of Object.keys(value)) {
    if (key !== 'pruning') throw new TypeError(`governor config: unknown key ${JSON.stringify(key)}; the only key is "pruning"`);
  }
  const pruning = value.pruning;
  if (pruning === undefined) return {};
  if (!isObject(pruning)) throw new TypeError(`pruning must be an object with ${PRUNING_KEYS.join(', ')}, got ${kind(pruning)}`);
  for (const key of Object.keys(pruning)) {
    if (!PRUNING_KEYS.includes(key)) {
      throw new TypeError(`pruning.${key} is not a setting; allowed keys are ${PRUNING_KEYS.join(', ')}`);
    }
  }
  const config: GovernorConfig = {};
  if (pruning.strategy !== undefined) {
    const intent = strategyIntent(pruning.strategy);
    if (intent !== undefined) config.intent = intent;
  }
  if (pruning.weights !== undefined) config.weights = checkedWeights(pruning.weights, 'pruning.weights', SCORE_WEIGHT_KEYS);
  if (pruning.type_weights !== undefined) config.typeWeights = checkedWeights(pruning.type_weights, 'pruning.type_weights', UNIT_TYPES);
  return config;
}

function strategyIntent(strategy: unknown): TaskIntent | undefined {
  const names = Object.values(GOVERNOR_PROFILES).map((profile) => profile.name);
  const allowed = `${[...DETECT, ...TASK_INTENTS].join(', ')}, or a profile name (${names.join(', ')})`;
  if (typeof strategy !== 'string') throw new TypeError(`pruning.strategy must be a string: ${allowed}; got ${kind(strategy)}`);
  const wanted = strategy.trim().toLowerCase();
  if (DETECT.includes(wanted)) return undefined;
  const intent = TASK_INTENTS.find((i) => i === wanted || GOVERNOR_PROFILES[i].name.toLowerCase() === wanted);
  if (intent === undefined) throw new TypeError(`pruning.strategy ${JSON.stringify(strategy)} is not known; expected ${allowed}`);
  return intent;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}
