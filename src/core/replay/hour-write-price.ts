import type { ModelPrices } from './types';

/** Anthropic bills a 1-hour cache write at 2 × input and a 5-minute one at 1.25 ×: 1.6 times as much. */
const HOUR_OVER_FIVE_MINUTES = 2 / 1.25;

/** The price of a 1-hour cache write: `cacheWrite1h`, else Anthropic's ratio to the 5-minute `cacheWrite`. */
export function hourWritePrice(prices: ModelPrices): number {
  return prices.cacheWrite1h ?? prices.cacheWrite * HOUR_OVER_FIVE_MINUTES;
}
