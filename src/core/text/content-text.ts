import type { Message } from '../types';

// Tool results nest blocks one level in practice; the depth cap only guards against hostile input.
const MAX_DEPTH = 32;

/**
 * The text a message's content sends to a model, as one string for a `TokenCounter`: text and thinking, tool
 * names with their input as JSON, tool results' text (nested blocks included), server tool results as JSON.
 * Images and redacted thinking give nothing: their bytes are base64 or ciphertext, which no text tokenizer counts
 * the way a provider bills them. Parts are joined by newlines.
 */
export function contentText(content: Message['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) push(parts, block, 0);
  return parts.join('\n');
}

function push(parts: string[], block: unknown, depth: number): void {
  if (block === null || typeof block !== 'object') return;
  const b = block as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      if (typeof b.text === 'string') parts.push(b.text);
      return;
    case 'thinking':
      if (typeof b.thinking === 'string') parts.push(b.thinking);
      return;
    case 'image':
    case 'redacted_thinking':
      return;
    case 'tool_use':
    case 'server_tool_use':
    case 'mcp_tool_use':
      parts.push(`${typeof b.name === 'string' ? b.name : ''} ${json(b.input)}`);
      return;
    case 'tool_result':
      if (typeof b.content === 'string') parts.push(b.content);
      else if (Array.isArray(b.content) && depth < MAX_DEPTH) for (const inner of b.content) push(parts, inner, depth + 1);
      return;
    default:
      if (typeof b.type === 'string' && b.type.endsWith('_tool_result')) parts.push(json(b.content));
      else if (typeof b.text === 'string') parts.push(b.text);
  }
}

function json(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    // A cycle or a BigInt cannot come from a parsed transcript; count nothing rather than fail the whole prune.
    return '';
  }
}
