import { STRATEGY_REGISTRY, type StrategyId } from './registry';

/** Whether `id` names a registered strategy (for reading ids from URLs, files and command lines). */
export function isStrategyId(id: unknown): id is StrategyId {
  return typeof id === 'string' && STRATEGY_REGISTRY.some((definition) => definition.id === id);
}
