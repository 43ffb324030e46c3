import type { Message } from '../../types';
import { exportNote } from '../export-note';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { jsonExport } from '../json-export';
import { ownListExport } from '../own-list-export';
import { lcCallIdsWritten } from './lc-call-ids-written';
import { messageView, type RecordShape } from './message-view';
import { toLangChainRecords } from './to-langchain-records';

/**
 * LangChain messages. Its own: the file as it was with only the message list changed (a LangGraph state keeps its
 * other fields), kept records cut out of the text byte for byte, new ones written in the shape of the file's records
 * and in its style. From another format: `messages_to_dict` records, which `messages_from_dict` reads back.
 */
export function serializeLangChain(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  if (!own) {
    const converted = toLangChainRecords(messages, 'dict', conversation.system);
    return jsonExport(converted.messages, exportNote(`Converted from ${from}.`));
  }
  const shape = shapeOf(conversation);
  // Ids the reader made up for null ones go back as null: beside kept records that still say null, a written
  // `lc_call_0` would pair with nothing when the export is read again, and null answers the next open call as before.
  const written = lcCallIdsWritten(conversation.sourceText);
  const idOf = (id: unknown): unknown => (typeof id === 'string' && /^lc_call_\d+$/.test(id) && !written.has(id) ? null : id);
  return ownListExport(conversation, messages, (rest) => toLangChainRecords(rest, shape, undefined, idOf), writtenByPython(conversation));
}

/** Python's json.dumps escapes non-ASCII unless told not to; JS writers do not. `data.type` is Python's model_dump. */
function writtenByPython(conversation: ConversationOf): boolean {
  return [conversation.systemSources ?? [], ...conversation.sources].some((records) =>
    records.some((record) => {
      const view = messageView(record);
      return view?.shape === 'dict' && view.fields.type !== undefined;
    }),
  );
}

/** The shape the file's records are in, so a new record matches them. */
function shapeOf(conversation: ConversationOf): RecordShape {
  const first = conversation.systemSources?.[0] ?? conversation.sources.find((records) => records.length > 0)?.[0];
  return messageView(first)?.shape ?? 'dict';
}
