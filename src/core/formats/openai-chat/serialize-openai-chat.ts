import type { Message } from '../../types';
import { exportNote } from '../export-note';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { jsonExport } from '../json-export';
import { ownRecords } from '../own-records';
import { toOpenAIChatMessages } from './to-openai-chat-messages';

/** OpenAI Chat Completions JSON: the source's records in its own layout, or messages converted from another format. */
export function serializeOpenAIChat(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  if (!own) {
    const converted = toOpenAIChatMessages(messages, conversation.system);
    return jsonExport(converted.messages, exportNote(`Converted from ${from}.`, { dropped: converted.dropped }));
  }
  const { records, dropped, rewritten } = ownRecords(conversation, messages, (rest) => toOpenAIChatMessages(rest));
  const list = [...(conversation.systemSources ?? []), ...records];
  const note = exportNote(undefined, { rewritten, dropped });
  const layout = conversation.layout;
  if (layout?.kind === 'object') return jsonExport({ ...conversation.envelope, [layout.key]: list }, note);
  if (layout?.kind === 'entry') return jsonExport([{ ...conversation.envelope, [layout.key]: list }], note);
  return jsonExport(list, note);
}
