import type { Message } from './types';

/**
 * The number of characters of text a message sends: text and thinking, tool results' text (nested blocks
 * included), and for tool inputs and server tool results the characters of their keys and values (JSON without
 * its punctuation: walking beats `JSON.stringify`, which copies a 20k-character file body just to measure it).
 * Images and redacted thinking count 0: their bytes are base64 or ciphertext, and counting them would rank a
 * screenshot above a page of prose.
 *
 * The single place the core reads message text; everything that needs a size calls this once per message.
 */
export function messageTextLength(message: Message): number {
  const { content } = message;
  if (typeof content === 'string') return content.length;
  if (!Array.isArray(content)) return 0;
  let total = 0;
  for (const block of content) total += blockTextLength(block, 0);
  return total;
}

// Tool results nest blocks one level in practice; the depth cap only guards against hostile input.
const MAX_DEPTH = 32;

function blockTextLength(block: unknown, depth: number): number {
  if (block === null || typeof block !== 'object') return 0;
  const b = block as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      return typeof b.text === 'string' ? b.text.length : 0;
    case 'thinking':
      return typeof b.thinking === 'string' ? b.thinking.length : 0;
    case 'image':
    case 'redacted_thinking':
      return 0;
    case 'tool_use':
    case 'server_tool_use':
    case 'mcp_tool_use':
      return (typeof b.name === 'string' ? b.name.length : 0) + structuredLength(b.input, depth);
    case 'tool_result':
      return nestedLength(b.content, depth);
    default:
      if (typeof b.type === 'string' && b.type.endsWith('_tool_result')) return structuredLength(b.content, depth);
      return typeof b.text === 'string' ? b.text.length : 0;
  }
}

function nestedLength(content: unknown, depth: number): number {
  if (typeof content === 'string') return content.length;
  if (!Array.isArray(content) || depth >= MAX_DEPTH) return 0;
  let total = 0;
  for (const inner of content) total += blockTextLength(inner, depth + 1);
  return total;
}

function structuredLength(value: unknown, depth: number): number {
  switch (typeof value) {
    case 'string':
      return value.length;
    case 'number':
    case 'boolean':
      return String(value).length;
    case 'object': {
      if (value === null || depth >= MAX_DEPTH) return 0;
      let total = 0;
      if (Array.isArray(value)) {
        for (const item of value) total += structuredLength(item, depth + 1);
        return total;
      }
      for (const key in value) {
        if (Object.hasOwn(value, key)) total += key.length + structuredLength((value as Record<string, unknown>)[key], depth + 1);
      }
      return total;
    }
    default:
      return 0;
  }
}
