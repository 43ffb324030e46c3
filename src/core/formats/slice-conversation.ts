import type { Conversation } from './types';

/** The conversation from message `from` on, every per-message array and the boundaries shifted with it. */
export function sliceConversation(conversation: Conversation, from: number): Conversation {
  const sliced: Conversation = {
    ...conversation,
    messages: conversation.messages.slice(from),
    sources: conversation.sources.slice(from),
  };
  if (conversation.sourceLines) sliced.sourceLines = conversation.sourceLines.slice(from);
  if (conversation.annotations) sliced.annotations = conversation.annotations.slice(from);
  if (conversation.boundaries) {
    sliced.boundaries = conversation.boundaries.filter((b) => b.messageIndex >= from).map((b) => ({ ...b, messageIndex: b.messageIndex - from }));
  }
  return sliced;
}
