import type { Message } from '../types';
import { exportJsonRecords } from './export-json-records';
import { exportNote } from './export-note';
import type { ConversationOf, SerializedText } from './format-types';
import { ownRecords } from './own-records';

/**
 * The export of a JSON document format to itself, whose messages are one list of records: the system records and
 * the kept messages' records (`ownRecords`, with `convert` writing messages that have none), spliced into the file
 * (`exportJsonRecords`), so kept records are copied byte for byte and only new ones are written, in the file's style.
 *
 * @param escapesNonAscii The format's writer escapes non-ASCII (Python's `json.dumps`), for a file that shows none.
 */
export function ownListExport(
  conversation: ConversationOf,
  messages: readonly Message[],
  convert: (rest: Message[]) => { messages: unknown[]; dropped: number },
  escapesNonAscii = false,
): SerializedText {
  const { records, dropped, rewritten } = ownRecords(conversation, messages, convert);
  return exportJsonRecords(conversation, [...(conversation.systemSources ?? []), ...records], exportNote(undefined, { rewritten, dropped }), escapesNonAscii);
}
