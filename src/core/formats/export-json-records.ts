import type { ConversationOf, SerializedText } from './format-types';
import { jsonExport } from './json-export';
import { jsonTextStyle } from './json-text-style';
import { locateJson } from './locate-json';
import { spliceJsonArray, type SplicedItem } from './splice-json-array';

/**
 * The conversation's JSON document with its message list (where `layout` says: the document itself, `key`, or `path`)
 * holding `records`, written by cutting and splicing the conversation's `sourceText`: records from the source are
 * copied as the file wrote them, with the file's separators, and the others are written in the file's style, so an
 * export that keeps everything is the file itself, byte for byte.
 *
 * The source's records are recognised by identity: `systemSources` then `sources`, in order (a record listed by
 * several messages in a row counts once), must be the array's elements in file order, which a parser guarantees by
 * listing every element, the ones it could not read included, beside a neighbour. When that does not hold, or there is
 * no source text, the envelope with the list under `key` (or the bare list) is written with `JSON.stringify(…, null, 2)`.
 *
 * @param escapesNonAscii The writer escapes non-ASCII (Python's `json.dumps`), for a file that shows none (`jsonTextStyle`).
 */
export function exportJsonRecords(conversation: ConversationOf, records: readonly unknown[], note: string | undefined, escapesNonAscii = false): SerializedText {
  const { layout, envelope } = conversation;
  const path = layout?.kind === 'object' ? (layout.path ?? [layout.key]) : [];
  const text = conversation.sourceText;
  const array = text === undefined ? undefined : locateJson(text, path);
  const rebuilt = () => jsonExport(layout?.kind === 'object' ? { ...envelope, [layout.key]: records } : records, note);
  if (text === undefined || array?.elements === undefined) return rebuilt();
  const index = new Map<unknown, number>();
  let previous: unknown = undefined;
  let count = 0;
  for (const record of [...(conversation.systemSources ?? []), ...conversation.sources.flat()]) {
    if (count > 0 && record === previous) continue;
    if (record !== null && typeof record === 'object' && !index.has(record)) index.set(record, count);
    previous = record;
    count++;
  }
  if (count !== array.elements.length) return rebuilt();
  const items: SplicedItem[] = records.map((record) => {
    const element = index.get(record);
    return element === undefined ? { value: record } : { element };
  });
  const result: SerializedText = {
    text: spliceJsonArray(text, array, items, jsonTextStyle(text, escapesNonAscii), path.length),
    fileExtension: 'json',
    mimeType: 'application/json',
  };
  if (note !== undefined) result.note = note;
  return result;
}
