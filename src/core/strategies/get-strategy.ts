import { STRATEGY_REGISTRY, type RegisteredStrategy } from './registry';

const BY_ID = new Map<string, RegisteredStrategy>(
  STRATEGY_REGISTRY.map((definition) => [definition.id, definition as unknown as RegisteredStrategy]),
);

/**
 * The registered strategy with this id.
 *
 * @throws {TypeError} for an id that is not registered, naming the ones that are
 */
export function getStrategy(id: unknown): RegisteredStrategy {
  const definition = typeof id === 'string' ? BY_ID.get(id) : undefined;
  if (definition === undefined) {
    throw new TypeError(
      `pruneMessages: unknown strategy ${JSON.stringify(id)}; expected one of ${[...BY_ID.keys()].join(', ')}`,
    );
  }
  return definition;
}
