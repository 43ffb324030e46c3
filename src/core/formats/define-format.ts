import type { FormatDefinition } from './format-types';

/** Keeps a definition's literal id and provider, so the registry can derive `TranscriptFormat` and `Provider` from its entries. */
export function defineFormat<const Id extends string, const P extends string>(definition: FormatDefinition<Id, P>): FormatDefinition<Id, P> {
  return definition;
}
