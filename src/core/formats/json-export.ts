import type { SerializedText } from './format-types';

/** A JSON document export, pretty-printed, with its note when there is one. */
export function jsonExport(value: unknown, note: string | undefined): SerializedText {
  const result: SerializedText = { text: JSON.stringify(value, null, 2), fileExtension: 'json', mimeType: 'application/json' };
  if (note !== undefined) result.note = note;
  return result;
}
