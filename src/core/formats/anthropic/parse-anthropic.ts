import type { Message } from '../../types';
import { conversationTitle } from '../conversation-title';
import type { CompactionBoundary, ConversationOf } from '../format-types';

type Conversation = ConversationOf<'anthropic'>;

/**
 * Anthropic Messages: a bare array of messages, or a request body `{ model?, system?, messages, tools? }`.
 * The messages already are the canonical shape, so they are used as they are (each is its own source record);
 * everything else in a request body is kept as the envelope so export writes the same request back. Each
 * server-side `compaction` block is recorded as a compaction boundary.
 */
export function parseAnthropic(value: unknown, fileName?: string): Conversation[] {
  const fallback = fileName ?? 'Anthropic messages';
  if (Array.isArray(value)) {
    const messages = value as Message[];
    const conversation: Conversation = {
      id: 'conversation-1',
      title: conversationTitle(messages, fallback),
      format: 'anthropic',
      messages,
      sources: messages.map((message) => [message]),
      layout: { kind: 'array' },
    };
    addBoundaries(conversation);
    return [conversation];
  }
  const { messages: raw, ...envelope } = value as { messages: unknown; [key: string]: unknown };
  const messages = raw as Message[];
  const system = systemText(envelope.system);
  const conversation: Conversation = {
    id: 'conversation-1',
    title: conversationTitle(messages, fallback),
    format: 'anthropic',
    messages,
    sources: messages.map((message) => [message]),
    envelope,
    layout: { kind: 'object', key: 'messages' },
  };
  if (system !== undefined) conversation.system = system;
  addBoundaries(conversation);
  return [conversation];
}

/** Server-side compaction writes a `compaction` block; on the next request the API drops every block before it. */
function addBoundaries(conversation: Conversation): void {
  const boundaries: CompactionBoundary[] = [];
  conversation.messages.forEach((message, messageIndex) => {
    if (!Array.isArray(message.content)) return;
    message.content.forEach((block: unknown, blockIndex) => {
      if (block !== null && typeof block === 'object' && (block as { type?: unknown }).type === 'compaction') {
        boundaries.push({ messageIndex, kind: 'compaction-block', blockIndex });
      }
    });
  });
  if (boundaries.length > 0) conversation.boundaries = boundaries;
}

function systemText(system: unknown): string | undefined {
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) return undefined;
  const texts: string[] = [];
  for (const block of system) {
    if (block !== null && typeof block === 'object' && typeof (block as { text?: unknown }).text === 'string') {
      texts.push((block as { text: string }).text);
    }
  }
  return texts.join('\n\n');
}
