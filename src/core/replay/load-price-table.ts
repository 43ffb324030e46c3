import type { TableEntry } from './prices-of-table-entry';

let table: Promise<Readonly<Record<string, TableEntry>>> | undefined;

/**
 * `ai-tokenizer`'s `models` table (about 100 models with prices and context windows), loaded once. The module holds
 * no vocabulary (those are separate chunks), so this costs tens of kilobytes. A failed load is not kept, so a later
 * call tries again.
 */
export function loadPriceTable(): Promise<Readonly<Record<string, TableEntry>>> {
  table ??= import('ai-tokenizer').then(
    (module) => module.models as unknown as Readonly<Record<string, TableEntry>>,
    (error: unknown) => {
      table = undefined;
      throw new Error(`the model price table (ai-tokenizer) could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
  return table;
}
