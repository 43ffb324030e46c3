import { STRATEGY_REGISTRY } from '../strategies/registry';

/** The first check of every config: an object with a strategy, or a `TypeError` that shows the expected shape. */
export function checkConfigObject(config: unknown): void {
  if (config === null || typeof config !== 'object') {
    throw new TypeError(`pruneMessages: config must be an object like { strategy: "${STRATEGY_REGISTRY[0].id}", maxTurns: 20 }`);
  }
}
