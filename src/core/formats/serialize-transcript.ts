import type { Message } from '../types';
import { getFormat } from './get-format';
import type { Conversation, SerializedTranscript, TranscriptFormat } from './types';

/**
 * Writes `messages` (the conversation's messages, or a pruned subset of them plus synthetic messages such as the
 * summary placeholder) as text in `format`, by default the conversation's own; each format's folder holds its writer.
 *
 * Kept messages are found by identity in `conversation.messages` and written from their source records, so what
 * comes back is what the agent wrote, in the file's own layout (request body, `{ task_id, traj }` entry, rollout
 * lines). Messages without a record, and messages `repairConversation` changed (annotated `repaired`), are written
 * from their content: Anthropic and Claude Code hold it as it is, OpenAI formats get it converted from the canonical
 * shape, which the note says. Parsing the result gives the same canonical messages. `note` tells the user whatever
 * the export changed beyond dropping messages.
 *
 * @throws {TypeError} when `format` is not a registered format.
 */
export function serializeTranscript(
  conversation: Conversation,
  messages: readonly Message[],
  format: TranscriptFormat = conversation.format,
): SerializedTranscript {
  const writer = getFormat(format, 'serializeTranscript');
  const own = format === conversation.format;
  const from = own ? writer.name : getFormat(conversation.format, 'serializeTranscript').name;
  return { ...writer.serialize(conversation, messages, { own, from }), format: writer.id };
}
