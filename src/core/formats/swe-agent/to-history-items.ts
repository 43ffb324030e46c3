import type { Message } from '../../types';
import { isRecord } from '../is-record';
import { toOpenAIChatMessages } from '../openai-chat/to-openai-chat-messages';

/**
 * Canonical messages as SWE-agent history items, for messages with no record of their own (a summary placeholder, a
 * repaired message, a conversation from another format): Chat Completions messages, as SWE-agent keeps them, with
 * its own fields (`agent`, `message_type`, and `tool_call_ids` as a list). Blocks Chat has no room for are counted in
 * `dropped`.
 */
export function toHistoryItems(messages: readonly Message[], system?: string): { messages: unknown[]; dropped: number } {
  const converted = toOpenAIChatMessages(messages, system);
  return {
    dropped: converted.dropped,
    messages: converted.messages.map((item) => {
      if (!isRecord(item)) return item;
      const { tool_call_id: id, ...rest } = item;
      const type = item.role === 'system' ? 'system_prompt' : item.role === 'assistant' ? 'action' : 'observation';
      return { ...rest, agent: 'main', message_type: type, ...(typeof id === 'string' ? { tool_call_ids: [id] } : {}) };
    }),
  };
}
