import type { Message } from './types';

/**
 * The number of characters of text a message sends: text and thinking, tool results' text (nested blocks
 * included), and tool inputs and server tool results as JSON. Images and redacted thinking count 0: their bytes
 * are base64 or ciphertext, and counting them would rank a screenshot above a page of prose.
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
const MAX_DEPTH = 8;

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
      return (typeof b.name === 'string' ? b.name.length : 0) + jsonLength(b.input);
    case 'tool_result':
      return nestedLength(b.content, depth);
    default:
      if (typeof b.type === 'string' && b.type.endsWith('_tool_result')) return jsonLength(b.content);
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

function jsonLength(value: unknown): number {
  if (value === undefined) return 0;
  if (typeof value === 'string') return value.length;
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    // A cyclic or BigInt-holding input cannot be sent anyway; size is not the place to report it.
    return 0;
  }
}
