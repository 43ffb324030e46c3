import type { Message } from '../../types';
import { exportNote } from '../export-note';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { jsonExport } from '../json-export';
import { toOpenAIChatMessages } from '../openai-chat/to-openai-chat-messages';
import { ownListExport } from '../own-list-export';

/**
 * A mini-SWE-agent trajectory. Its own: the file as it was, `messages` holding the kept records cut out of the text
 * byte for byte, new messages (Chat messages, as mini-SWE-agent sends them) written in the file's style. From another
 * format: `{ messages, trajectory_format }`.
 */
export function serializeMiniSweAgent(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  // mini-SWE-agent writes with Python's json.dumps: non-ASCII escaped.
  if (own) return ownListExport(conversation, messages, (rest) => toOpenAIChatMessages(rest), true);
  const converted = toOpenAIChatMessages(messages, conversation.system);
  return jsonExport({ messages: converted.messages, trajectory_format: 'mini-swe-agent-1.1' }, exportNote(`Converted from ${from}.`, { dropped: converted.dropped }));
}
