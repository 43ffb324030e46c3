/** `--prices`: prices of the user's own, for a model the table does not know or to correct the table's. */
import type { ModelPrices } from './replay/replay-core';
import { CliError } from './errors';
import { formatNumber } from '../core/text/format-number';
import { hasHourWritePrice, hourWritePrice } from '../lib/index';

export type PriceOverrides = Partial<Pick<ModelPrices, 'input' | 'output' | 'cacheRead' | 'cacheWrite'>>;

const KEYS = { input: 'input', output: 'output', 'cache-read': 'cacheRead', 'cache-write': 'cacheWrite' } as const;

export const PRICES_USAGE = 'input=N,output=N,cache-read=N,cache-write=N';

/** `input=1.25,output=10,cache-read=0.125,cache-write=0`, any subset, in dollars per million tokens. */
export function readPrices(command: string, text: string): PriceOverrides {
  const bad = () =>
    new CliError(`${command}: --prices takes ${PRICES_USAGE} (any of them, dollars per million tokens, 0 or more), such as input=1.25,output=10; got ${JSON.stringify(text)}`);
  const prices: PriceOverrides = {};
  for (const part of text.split(',')) {
    const [key = '', value = '', ...rest] = part.trim().split('=');
    const field = KEYS[key.trim() as keyof typeof KEYS];
    const price = Number(value.trim().replace(/^\$/, ''));
    if (field === undefined || rest.length > 0 || value.trim() === '' || !Number.isFinite(price) || price < 0) throw bad();
    prices[field] = price;
  }
  return prices;
}

/** One line: what a million tokens of each kind cost, and where the prices come from. */
export function pricesLine(prices: ModelPrices): string {
  const usd = (v: number) => formatNumber(v, 'price');
  return `prices per million tokens: input ${usd(prices.input)}, output ${usd(prices.output)}, cache read ${usd(prices.cacheRead)}, cache write ${usd(prices.cacheWrite)}${hasHourWritePrice(prices) ? ` (1-hour ${usd(hourWritePrice(prices))})` : ''}${prices.source ? ` (${prices.source})` : ''}`;
}

/** The error for a model without prices, in the flags' words. */
export function noPricesError(command: string, model: string): CliError {
  return new CliError(
    `${command}: no prices for ${JSON.stringify(model)}: the price table has no entry for it or its family; give them with --prices input=N,output=N (dollars per million tokens), or pick a listed model with --model`,
  );
}
