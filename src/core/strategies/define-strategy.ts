import type { StrategyDefinition } from './types';

/** Keeps a definition's literal id and config types, so the registry can derive its unions from its entries. */
export function defineStrategy<Id extends string, C extends { strategy: Id }, S>(
  definition: StrategyDefinition<Id, C, S>,
): StrategyDefinition<Id, C, S> {
  return definition;
}
