import type { ModelPrices } from './types';
import { findTableModel } from './find-table-model';
import { loadPriceTable } from './load-price-table';
import { pricesOfTableEntry } from './prices-of-table-entry';

const FIELDS = ['input', 'output', 'cacheRead', 'cacheWrite'] as const;

/**
 * The prices of `modelId` in dollars per million tokens, from `ai-tokenizer`'s table: a table id
 * (`anthropic/claude-sonnet-4.5`) or a name as a transcript writes it (`claude-opus-4-6`, `gpt-5-codex`); see
 * `findTableModel` for how a model the table lacks finds its nearest entry (`source` then says which was used).
 * `overrides` replace any field, so a user can correct a price or price a model the table does not know (then
 * `input` and `output` are required; the cache prices default to the input price and 0). The 1-hour cache write
 * follows a typed price unless given itself: a typed `cacheWrite` by Anthropic's ratio (`hourWritePrice`, 1.6 ×), else
 * a typed `input` by Anthropic's rule (2 ×).
 *
 * @throws {TypeError} (rejects) when `modelId` is not a string, an override is not a price (a number of 0 or more),
 *   or the table has no entry for the model and the overrides do not give its input and output prices
 */
export async function loadModelPrices(modelId: string, overrides: Partial<ModelPrices> = {}): Promise<ModelPrices> {
  if (typeof modelId !== 'string' || modelId.trim() === '') {
    throw new TypeError(`loadModelPrices: modelId must be a model name such as "anthropic/claude-sonnet-4.5", got ${JSON.stringify(modelId)}`);
  }
  for (const field of FIELDS) {
    const value = overrides[field];
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
      throw new TypeError(`loadModelPrices: overrides.${field} must be a price in dollars per million tokens (0 or more), got ${String(value)}`);
    }
  }
  const table = await loadPriceTable();
  const match = findTableModel(Object.keys(table), modelId);
  if (match === undefined) {
    if (overrides.input === undefined || overrides.output === undefined) {
      throw new TypeError(
        `no prices for "${modelId}": the price table (ai-tokenizer's) has no entry for it or its family; give its input and output prices in dollars per million tokens, or pick a model the table lists`,
      );
    }
    return {
      model: modelId,
      input: overrides.input,
      output: overrides.output,
      cacheRead: overrides.cacheRead ?? overrides.input,
      cacheWrite: overrides.cacheWrite ?? 0,
      ...withoutPrices(overrides),
      source: 'given',
    };
  }
  const prices = pricesOfTableEntry(match.id, table[match.id] as NonNullable<(typeof table)[string]>, match.exact ? undefined : modelId);
  const overridden = FIELDS.filter((field) => overrides[field] !== undefined);
  if (overridden.length > 0) prices.source = `${prices.source}; ${overridden.join(', ')} given`;
  // The table's 1-hour write price is derived from its input price: a typed price moves it too (a cache write typed
  // as 0 left Claude Code's 1-hour writes billed at the table's price).
  if (overrides.cacheWrite1h === undefined && prices.cacheWrite1h !== undefined) {
    if (overrides.cacheWrite !== undefined) delete prices.cacheWrite1h;
    else if (overrides.input !== undefined) prices.cacheWrite1h = overrides.input * 2;
  }
  return { ...prices, ...withoutUndefined(overrides), ...(overrides.source === undefined ? { source: prices.source } : {}) };
}

function withoutUndefined(values: Partial<ModelPrices>): Partial<ModelPrices> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<ModelPrices>;
}

function withoutPrices(values: Partial<ModelPrices>): Partial<ModelPrices> {
  const { input: _i, output: _o, cacheRead: _r, cacheWrite: _w, model: _m, ...rest } = withoutUndefined(values);
  return rest;
}
