import { MAX_DEPTH, structuredLength } from './structured-length';

/**
 * Characters of text in one content block, by `messageTextLength`'s rules. `depth` guards nested tool-result
 * content against hostile input; callers start at 0.
 */
export function blockTextLength(block: unknown, depth = 0): number {
  if (block === null || typeof block !== 'object') return 0;
  const b = block as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      return typeof b.text === 'string' ? b.text.length : 0;
    case 'thinking':
      return typeof b.thinking === 'string' ? b.thinking.length : 0;
    case 'compaction':
      // Server-side compaction: `content` is the summary the model reads from here on, or null when it failed.
      return typeof b.content === 'string' ? b.content.length : 0;
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
