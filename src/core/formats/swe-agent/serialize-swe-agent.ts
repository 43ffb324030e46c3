import type { Message } from '../../types';
import { exportNote } from '../export-note';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { jsonExport } from '../json-export';
import { ownListExport } from '../own-list-export';
import { toHistoryItems } from './to-history-items';

/**
 * A SWE-agent trajectory. Its own: the file as it was, with `history` holding the kept records, cut out of the text
 * byte for byte (indent, Python floats and `\uXXXX` escapes survive) and new messages written in the file's style.
 * From another format: `{ history }`, the shape of SWE-agent's own demonstration files.
 */
export function serializeSweAgent(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  // SWE-agent writes with Python's json.dumps: non-ASCII escaped.
  if (own) return ownListExport(conversation, messages, (rest) => toHistoryItems(rest), true);
  const converted = toHistoryItems(messages, conversation.system);
  return jsonExport({ history: converted.messages }, exportNote(`Converted from ${from}.`, { dropped: converted.dropped }));
}
