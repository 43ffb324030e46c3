import type { HarnessRequest, ModelPrices } from './types';
import { hourWritePrice } from './hour-write-price';


/** What a harness request cost at `prices` (its own model's), in dollars: 1-hour writes at `cacheWrite1h`. */
export function priceHarnessRequest(request: HarnessRequest, prices: ModelPrices): number {
  const hour = Math.min(request.cacheWrite1hTokens, request.cacheWriteTokens);
  const hourPrice = hourWritePrice(prices);
  return (
    (request.inputTokens * prices.input +
      request.cacheReadTokens * prices.cacheRead +
      (request.cacheWriteTokens - hour) * prices.cacheWrite +
      hour * hourPrice +
      request.outputTokens * prices.output) /
    1e6
  );
}
