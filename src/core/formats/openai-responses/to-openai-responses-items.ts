import type { Message } from '../../types';
import { joinTextParts } from '../join-text-parts';

/**
 * Canonical messages as Responses input items, for messages that have no item source (a summary placeholder, or a
 * conversation read from another format). Thinking blocks are left out (a reasoning item needs the encrypted content
 * only the API can write) and counted in `dropped`; a `server_tool_use` web search becomes a `web_search_call`.
 */
export function toOpenAIResponsesItems(messages: readonly Message[]): { items: unknown[]; dropped: number } {
  const items: unknown[] = [];
  let dropped = 0;
  for (const message of messages) {
    const { role, content } = message;
    const textPart = role === 'assistant' ? 'output_text' : 'input_text';
    if (typeof content === 'string') {
      items.push({ type: 'message', role, content: [{ type: textPart, text: content }] });
      continue;
    }
    let parts: unknown[] = [];
    const flush = (): void => {
      if (parts.length > 0) items.push({ type: 'message', role, content: parts });
      parts = [];
    };
    for (const block of content) {
      if (block.type === 'text' && typeof block.text === 'string') {
        parts.push(role === 'assistant' ? { type: textPart, text: block.text, annotations: [] } : { type: textPart, text: block.text });
      } else if (block.type === 'tool_use') {
        flush();
        const input = block.input;
        items.push({
          type: 'function_call',
          call_id: block.id,
          name: block.name,
          arguments: typeof input === 'string' ? input : JSON.stringify(input ?? {}),
        });
      } else if (block.type === 'tool_result') {
        flush();
        items.push({ type: 'function_call_output', call_id: block.tool_use_id, output: joinTextParts(block.content) });
      } else if (block.type === 'server_tool_use' && block.name === 'web_search') {
        flush();
        items.push({ type: 'web_search_call', id: block.id, status: 'completed', action: block.input });
      } else if (block.type === 'web_search_tool_result') {
        // Implied by the web_search_call written for its server_tool_use.
      } else {
        dropped++;
      }
    }
    flush();
  }
  return { items, dropped };
}

