import type { Message } from '../types';
import { exportNote } from './export-note';
import type { ConversationOf, SerializedText } from './format-types';
import { jsonExport } from './json-export';
import { ownRecords } from './own-records';
import { writeJsonList } from './write-json-list';

/**
 * The export of a JSON document format to itself, whose messages are one list of records: the system records and
 * the kept messages' records (`ownRecords`, with `convert` writing messages that have none). With `recordSpans`, the
 * file's text with only the list changed, kept records copied byte for byte (`writeJsonList`); without, `rebuild`
 * gives the document around the list, pretty-printed.
 */
export function ownListExport(
  conversation: ConversationOf,
  messages: readonly Message[],
  convert: (rest: Message[]) => { messages: unknown[]; dropped: number },
  rebuild: (list: unknown[]) => unknown,
): SerializedText {
  const { records, dropped, rewritten } = ownRecords(conversation, messages, convert);
  const list = [...(conversation.systemSources ?? []), ...records];
  const note = exportNote(undefined, { rewritten, dropped });
  const spans = conversation.recordSpans;
  if (spans === undefined) return jsonExport(rebuild(list), note);
  const result: SerializedText = { text: writeJsonList(spans, list), fileExtension: 'json', mimeType: 'application/json' };
  if (note !== undefined) result.note = note;
  return result;
}
