/**
 * Checks a map of weights: a plain object whose keys are among `allowed` and whose values are finite numbers of 0
 * or more. Errors name the key path (`path` is how the caller calls the object, e.g. `planGovernor: weights` or
 * `pruning.type_weights`), the value, and what is allowed. Returns a copy holding only the keys given.
 *
 * @throws {TypeError} when `value` is not a plain object, a key is not allowed, or a value is not a number
 * @throws {RangeError} when a value is negative, NaN or infinite
 */
export function checkedWeights(value: unknown, path: string, allowed: readonly string[]): Record<string, number> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`${path} must be an object of weights (keys: ${allowed.join(', ')}), got ${describe(value)}`);
  }
  const out: Record<string, number> = {};
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new TypeError(`${path}.${key} is not a known weight; allowed keys are ${allowed.join(', ')}`);
    }
    const weight = (value as Record<string, unknown>)[key];
    if (typeof weight !== 'number') {
      throw new TypeError(`${path}.${key} must be a number from 0 up, got ${describe(weight)}`);
    }
    if (!Number.isFinite(weight) || weight < 0) {
      throw new RangeError(`${path}.${key} must be a finite number from 0 up, got ${weight}`);
    }
    out[key] = weight;
  }
  return out;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}
