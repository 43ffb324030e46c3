import type { ConversationOf, SerializedText } from './format-types';
import { jsonExport } from './json-export';
import { jsonTextStyle } from './json-text-style';
import { locateJson } from './locate-json';
import { spliceJsonArray, type SplicedItem } from './splice-json-array';

/**
 * A JSON document whose array at `path` holds `records`, written by cutting and splicing the conversation's
 * `sourceText`: records from the source are copied as the file wrote them, with the file's separators, and the others
 * are written in the file's style, so an export that keeps everything is the file itself, byte for byte.
 *
 * The source's records are recognised by identity: `systemSources` then `sources`, in order (a record listed by
 * several messages in a row counts once), must be the array's elements in file order, which a parser guarantees by
 * listing every element, the ones it could not read included, beside a neighbour. When that does not hold, or there is
 * no source text, `value` is written with `JSON.stringify(…, null, 2)` instead.
 *
 * @param value The whole document as a value, for that fallback.
 */
export function exportJsonRecords(
  conversation: ConversationOf,
  records: readonly unknown[],
  path: readonly (string | number)[],
  value: () => unknown,
  note: string | undefined,
): SerializedText {
  const text = conversation.sourceText;
  const array = text === undefined ? undefined : locateJson(text, path);
  if (text === undefined || array?.elements === undefined) return jsonExport(value(), note);
  const index = new Map<unknown, number>();
  let previous: unknown = undefined;
  let count = 0;
  for (const record of [...(conversation.systemSources ?? []), ...conversation.sources.flat()]) {
    if (count > 0 && record === previous) continue;
    if (record !== null && typeof record === 'object' && !index.has(record)) index.set(record, count);
    previous = record;
    count++;
  }
  if (count !== array.elements.length) return jsonExport(value(), note);
  const items: SplicedItem[] = records.map((record) => {
    const element = index.get(record);
    return element === undefined ? { value: record } : { element };
  });
  const result: SerializedText = {
    text: spliceJsonArray(text, array, items, jsonTextStyle(text), path.length),
    fileExtension: 'json',
    mimeType: 'application/json',
  };
  if (note !== undefined) result.note = note;
  return result;
}
