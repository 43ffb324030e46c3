import type { Message } from '../../types';
import { exportNote } from '../export-note';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { jsonExport } from '../json-export';
import { ownListExport } from '../own-list-export';
import { toModelMessages } from './to-model-messages';

/**
 * AI SDK `ModelMessage[]` JSON. From its own file: the file itself, spliced (`ownListExport`), so every message
 * kept is written byte for byte and messages without a record (a summary, a masked result) are converted in the file's
 * style. From another format: converted (`toModelMessages`), with the system prompt as a leading system message.
 */
export function serializeAiSdk(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  const calls = new Map<string, string>();
  // Results written from their content need their call's tool name: note every call of the conversation.
  for (const message of conversation.messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content) if (block.type === 'tool_use' || block.type === 'server_tool_use') calls.set(String(block.id), String(block.name));
  }
  if (!own) {
    const converted = toModelMessages(messages, conversation.system, calls);
    return jsonExport(converted.messages, exportNote(`Converted from ${from}.`, { dropped: converted.dropped }));
  }
  return ownListExport(conversation, messages, (rest) => toModelMessages(rest, undefined, calls));
}
