import type { CacheRules, ModelPrices } from './types';

/** One request as the cache sees it, in tokens. */
export interface RequestShape {
  /** The fixed part (system prompt, tool definitions) and the messages sent. */
  fixed: number;
  sent: number;
  /** Tokens of the leading messages this request shares with the previous one, item by item. */
  common: number;
  /** The previous request's messages are all at the start of this one's (it only appended). */
  extends: boolean;
  /** The previous request's messages, in tokens. */
  previousSent: number;
  /** No previous request, or the cache expired since it. */
  cold: boolean;
  outputTokens: number;
}

export interface RequestPrice {
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  costUsd: number;
}

/**
 * What a request reads from and writes to the provider's cache, and what it costs.
 *
 * - Anthropic: an agent puts a breakpoint after the fixed part and one at the end of its messages (Claude Code
 *   does). A request reads the longest cached prefix ending at a breakpoint it still matches: the previous request's
 *   end when it only appended, else the fixed part's; a breakpoint below `minTokens` was never cached. It writes
 *   everything after what it read, up to its own end, when that end reaches `minTokens`.
 * - OpenAI: it reads the prefix it shares with the previous request, rounded down to `step` tokens, when that prefix
 *   is `minTokens` or more; writes are free and not counted.
 *
 * A cold request (the first, or one after the TTL) reads nothing. Cost is in dollars, prices per million tokens.
 */
export function priceRequest(shape: RequestShape, rules: CacheRules, prices: ModelPrices): RequestPrice {
  const { fixed, sent, common, cold } = shape;
  const input = fixed + sent;
  let read = 0;
  let write = 0;
  if (rules.provider === 'anthropic') {
    if (!cold) {
      const previousEnd = fixed + shape.previousSent;
      if (shape.extends && previousEnd >= rules.minTokens && previousEnd > 0) read = previousEnd;
      else if (fixed >= rules.minTokens && fixed > 0) read = fixed;
    }
    if (input >= rules.minTokens && input > 0) write = input - read;
  } else if (!cold) {
    const shared = Math.min(fixed + common, input);
    if (shared >= rules.minTokens && shared > 0) read = Math.floor(shared / rules.step) * rules.step;
  }
  const uncached = input - read - write;
  const costUsd = (uncached * prices.input + read * prices.cacheRead + write * prices.cacheWrite + shape.outputTokens * prices.output) / 1e6;
  return { inputTokens: input, cacheReadTokens: read, cacheWriteTokens: write, costUsd };
}
