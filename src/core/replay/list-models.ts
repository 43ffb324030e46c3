import type { ModelPrices } from './types';
import { loadPriceTable } from './load-price-table';
import { pricesOfTableEntry } from './prices-of-table-entry';

/**
 * Every model of `ai-tokenizer`'s price table with its prices (dollars per million tokens), context window and name,
 * for a model picker; sorted by id. Entries without input and output prices are left out.
 */
export async function listModels(): Promise<ModelPrices[]> {
  const table = await loadPriceTable();
  const models: ModelPrices[] = [];
  for (const id of Object.keys(table).sort()) {
    try {
      models.push(pricesOfTableEntry(id, table[id] as NonNullable<(typeof table)[string]>));
    } catch {
      // An entry without prices cannot be picked.
    }
  }
  return models;
}
