import type { ModelPrices } from './types';

/**
 * Whether the prices have a 1-hour cache write beside the 5-minute one (Anthropic's, which Claude Code uses): given,
 * or an Anthropic model's. Where prices are shown, its price (`hourWritePrice`) is named next to the cache write.
 */
export function hasHourWritePrice(prices: ModelPrices): boolean {
  return prices.cacheWrite1h !== undefined || prices.model.startsWith('anthropic/');
}
