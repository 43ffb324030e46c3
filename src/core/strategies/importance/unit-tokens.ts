const cache = new WeakMap<ArrayLike<number>, Float64Array>();

/**
 * Each unit's tokens, the sum of its messages'. Kept per token array: an analysis's tokens never change (exact counts
 * make a new analysis), and the inspector re-plans one analysis at every move of the budget slider.
 */
export function unitTokens(unitOf: Int32Array, tokens: ArrayLike<number>, units: number): Float64Array {
  const known = cache.get(tokens);
  if (known !== undefined && known.length === units) return known;
  const sums = new Float64Array(units);
  for (let i = 0; i < unitOf.length; i++) sums[unitOf[i] as number] = (sums[unitOf[i] as number] as number) + (tokens[i] as number);
  cache.set(tokens, sums);
  return sums;
}
