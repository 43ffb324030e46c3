import type { ModelPrices } from './types';

/** One entry of `ai-tokenizer`'s `models` table, as far as prices go: dollars per token. */
export interface TableEntry {
  name?: string;
  contextWindow?: number;
  pricing?: { input?: number; output?: number; input_cache_read?: number; input_cache_write?: number };
}

/**
 * A table entry's prices in dollars per million tokens. Cache prices the table lacks are filled by the provider's
 * rule, and `source` says so: Anthropic reads at 0.1 × input and writes at 1.25 × (5-minute TTL) or 2 × (1-hour TTL,
 * which the table never lists); OpenAI reads at its family's discount (`openaiCachedShare`) and bills no write; any
 * other provider is taken to give no cache discount (reads at the input price, no write charge). The table gives
 * prices to the cent, so an OpenAI cached price within a cent of its family's discount is that discount
 * ($0.125 for GPT-5, listed as $0.13: 4% on most of a Codex session's input).
 *
 * `nearestTo`: the model asked for, when this entry is only its nearest (`source` names both).
 * @throws {TypeError} when the entry has no input or output price
 */
export function pricesOfTableEntry(id: string, entry: TableEntry, nearestTo?: string): ModelPrices {
  const pricing = entry.pricing ?? {};
  const input = perMillion(pricing.input);
  const output = perMillion(pricing.output);
  if (input === undefined || output === undefined) {
    throw new TypeError(`no prices for "${id}": its entry in the price table has no input and output price; give prices of your own`);
  }
  const provider = id.split('/')[0] ?? '';
  const filled: string[] = [];
  let cacheRead = perMillion(pricing.input_cache_read);
  const share = provider === 'anthropic' ? 0.1 : provider === 'openai' ? openaiCachedShare(id) : 1;
  const notes: string[] = [];
  if (cacheRead === undefined) {
    filled.push('cache read');
    cacheRead = round(input * share);
  } else if (provider === 'openai' && cacheRead !== round(input * share) && Math.abs(cacheRead - input * share) <= 0.005 + 1e-9) {
    const listed = cacheRead;
    cacheRead = round(input * share);
    notes.push(`cache read ${cacheRead}, the ${Math.round((1 - share) * 100)}% discount of ${openaiFamily(id)} models (the table rounds it to ${listed})`);
  }
  let cacheWrite = perMillion(pricing.input_cache_write);
  if (cacheWrite === undefined) {
    if (provider === 'anthropic') filled.push('cache write');
    cacheWrite = provider === 'anthropic' ? round(input * 1.25) : 0;
  }
  const prices: ModelPrices = { model: id, input, output, cacheRead, cacheWrite };
  if (provider === 'anthropic') prices.cacheWrite1h = round(input * 2);
  if (typeof entry.contextWindow === 'number' && entry.contextWindow > 0) prices.contextWindow = entry.contextWindow;
  if (typeof entry.name === 'string') prices.name = entry.name;
  prices.source = `ai-tokenizer's price table: ${id}${nearestTo !== undefined ? `, the nearest entry to "${nearestTo}"` : ''}${filled.length ? ` (${filled.join(' and ')} by the provider's rule)` : ''}${notes.length ? `; ${notes.join('; ')}` : ''}`;
  return prices;
}

/**
 * OpenAI's cached-input discount by model family (its prompt-caching guide and price page): 90% for GPT-5 models,
 * 75% for GPT-4.1, o3 and o4-mini, 50% before them (GPT-4o, o1, o3-mini).
 */
function openaiCachedShare(id: string): number {
  const family = openaiFamily(id);
  return family === 'GPT-5' ? 0.1 : family === 'GPT-4.1, o3 and o4-mini' ? 0.25 : 0.5;
}

function openaiFamily(id: string): string {
  const name = id.slice(id.indexOf('/') + 1);
  if (/^gpt-5/.test(name)) return 'GPT-5';
  if (/^(gpt-4\.1|o3(?!-mini)|o4-mini)/.test(name)) return 'GPT-4.1, o3 and o4-mini';
  return 'earlier';
}

function perMillion(perToken: number | undefined): number | undefined {
  return typeof perToken === 'number' && Number.isFinite(perToken) && perToken >= 0 ? round(perToken * 1e6) : undefined;
}

/** Table prices are per token (3e-7): scaled, they pick up float noise (0.30000000000000004) that rounding removes. */
function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
