import { checkedWeights } from './checked-weights';

/**
 * Custom weights as a program or a person gives them: an object (seed 004's `{ "priority": 0.4, … }`), or the same
 * as text, `priority=0.4, relevance=0.4, recency=0.2` (what a settings form, a URL or a command line holds).
 * `undefined` or blank text: none. Errors name `path`, the key and what is allowed.
 *
 * @throws {TypeError} for text that is not `key=number` pairs, a key not in `allowed`, or a value not a number
 * @throws {RangeError} for a negative or infinite weight
 */
export function readCustomWeights(value: unknown, path: string, allowed: readonly string[]): Record<string, number> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return checkedWeights(value, path, allowed);
  if (value.trim() === '') return undefined;
  const weights: Record<string, unknown> = {};
  for (const pair of value.split(/[,;\s]+/).filter(Boolean)) {
    const match = /^([a-z_]+)[=:](.+)$/i.exec(pair);
    if (!match) throw new TypeError(`${path} must be pairs like ${allowed[0]}=0.5 separated by commas, got ${JSON.stringify(pair)}`);
    const number = Number(match[2]);
    weights[match[1] as string] = Number.isNaN(number) ? match[2] : number;
  }
  return checkedWeights(weights, path, allowed);
}
