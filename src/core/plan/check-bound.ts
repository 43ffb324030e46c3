import type { CheckedBound, PruneBound } from './types';

/**
 * Checks the bounds of a config: each a number, 0 or more. `maxTurns` is floored and at least 1, because the most
 * recent message is always kept; an absent bound is `Infinity`. Errors name the field and the value, for callers
 * wiring a settings UI.
 *
 * @throws {TypeError} a bound that is not a number, or no bound for a strategy that needs one
 * @throws {RangeError} a negative bound
 */
export function checkBound(config: PruneBound, strategy: string, needsBound: boolean): CheckedBound {
  const { maxTurns, maxTokens } = config;
  if (needsBound && maxTurns === undefined && maxTokens === undefined) {
    throw new TypeError(`pruneMessages: the ${strategy} strategy needs maxTurns or maxTokens, for example { strategy: "${strategy}", maxTurns: 20 }`);
  }
  return { maxTurns: maxTurns === undefined ? Infinity : Math.max(1, Math.floor(checked('maxTurns', maxTurns))), maxTokens: maxTokens === undefined ? Infinity : checked('maxTokens', maxTokens) };
}

function checked(field: string, value: unknown): number {
  if (typeof value !== 'number' || Number.isNaN(value)) {
    throw new TypeError(`pruneMessages: ${field} must be a number, got ${String(value)}`);
  }
  if (value < 0) throw new RangeError(`pruneMessages: ${field} must be 0 or more, got ${value}`);
  return value;
}
