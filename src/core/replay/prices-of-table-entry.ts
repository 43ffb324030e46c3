import type { ModelPrices } from './types';

/** One entry of `ai-tokenizer`'s `models` table, as far as prices go: dollars per token. */
export interface TableEntry {
  name?: string;
  contextWindow?: number;
  pricing?: { input?: number; output?: number; input_cache_read?: number; input_cache_write?: number };
}

/**
 * A table entry's prices in dollars per million tokens. Cache prices the table lacks are filled by the provider's
 * rule, and `source` says so: Anthropic reads at 0.1 × input and writes at 1.25 × (5-minute TTL); OpenAI reads at
 * 0.1 × for GPT-5 models and 0.5 × before them, and bills no write; any other provider is taken to give no cache
 * discount (reads at the input price, no write charge).
 *
 * @throws {TypeError} when the entry has no input or output price
 */
export function pricesOfTableEntry(id: string, entry: TableEntry): ModelPrices {
  const pricing = entry.pricing ?? {};
  const input = perMillion(pricing.input);
  const output = perMillion(pricing.output);
  if (input === undefined || output === undefined) {
    throw new TypeError(`no prices for "${id}": its entry in the price table has no input and output price; give prices of your own`);
  }
  const provider = id.split('/')[0] ?? '';
  const filled: string[] = [];
  let cacheRead = perMillion(pricing.input_cache_read);
  if (cacheRead === undefined) {
    filled.push('cache read');
    const share = provider === 'anthropic' ? 0.1 : provider === 'openai' ? (/gpt-5/.test(id) ? 0.1 : 0.5) : 1;
    cacheRead = round(input * share);
  }
  let cacheWrite = perMillion(pricing.input_cache_write);
  if (cacheWrite === undefined) {
    if (provider === 'anthropic') filled.push('cache write');
    cacheWrite = provider === 'anthropic' ? round(input * 1.25) : 0;
  }
  const prices: ModelPrices = { model: id, input, output, cacheRead, cacheWrite };
  if (typeof entry.contextWindow === 'number' && entry.contextWindow > 0) prices.contextWindow = entry.contextWindow;
  if (typeof entry.name === 'string') prices.name = entry.name;
  prices.source = `ai-tokenizer's price table: ${id}${filled.length ? ` (${filled.join(' and ')} by the provider's rule)` : ''}`;
  return prices;
}

function perMillion(perToken: number | undefined): number | undefined {
  return typeof perToken === 'number' && Number.isFinite(perToken) && perToken >= 0 ? round(perToken * 1e6) : undefined;
}

/** Table prices are per token (3e-7): scaled, they pick up float noise (0.30000000000000004) that rounding removes. */
function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
