import type { Conversation } from './types';
import { sliceConversation } from './slice-conversation';

/**
 * What the agent last sent: the conversation from its last compaction boundary on (the compact summary, or the
 * message holding the `compaction` block), since the API never saw what came before it again. A conversation with no
 * boundary, or one at its first message, comes back as it is. `offset` is the index in the whole conversation of the
 * first message kept. O(messages).
 */
export function lastSentConversation(conversation: Conversation): { conversation: Conversation; offset: number } {
  const last = conversation.boundaries?.[conversation.boundaries.length - 1]?.messageIndex;
  if (last === undefined || last <= 0) return { conversation, offset: 0 };
  return { conversation: sliceConversation(conversation, last), offset: last };
}
