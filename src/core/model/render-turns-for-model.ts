import type { MessageLike } from '../types';
import { shortenText } from '../summary/shorten-text';
import { toolResultText } from '../text/tool-result-text';

/**
 * The messages to summarize as one plain text a model reads: each message under a `## user` / `## assistant`
 * heading, tool calls as `[tool call NAME (id)] INPUT`, results as `[tool result (id), error] TEXT`. Any text
 * longer than `maxBlockChars` keeps its start and end (one line): a file dump or a long log says little a summary
 * keeps, and the model's own window is finite. Images and redacted thinking are named, not sent.
 */
export function renderTurnsForModel(turns: readonly MessageLike[], maxBlockChars: number): string {
  const parts: string[] = [];
  const clip = (text: string): string => (text.length > maxBlockChars ? shortenText(text, maxBlockChars) : text);
  for (const turn of turns) {
    parts.push(`## ${turn.role}`);
    const { content } = turn;
    if (typeof content === 'string') {
      parts.push(clip(content));
      continue;
    }
    if (!Array.isArray(content)) continue;
    for (const raw of content as unknown[]) {
      if (raw === null || typeof raw !== 'object') continue;
      const block = raw as Record<string, unknown>;
      const id = typeof block.id === 'string' ? ` (${block.id})` : '';
      switch (block.type) {
        case 'text':
          if (typeof block.text === 'string') parts.push(clip(block.text));
          break;
        case 'thinking':
          if (typeof block.thinking === 'string') parts.push(`[thinking] ${clip(block.thinking)}`);
          break;
        case 'tool_use':
        case 'server_tool_use':
        case 'mcp_tool_use':
          parts.push(`[tool call ${typeof block.name === 'string' ? block.name : 'tool'}${id}] ${clip(json(block.input))}`);
          break;
        case 'tool_result': {
          const of = typeof block.tool_use_id === 'string' ? ` (${block.tool_use_id})` : '';
          parts.push(`[tool result${of}${block.is_error === true ? ', error' : ''}] ${clip(toolResultText(block.content, true))}`);
          break;
        }
        case 'image':
          parts.push('[image]');
          break;
        case 'redacted_thinking':
          break;
        default:
          parts.push(`[${typeof block.type === 'string' ? block.type : 'block'}] ${clip(json(block))}`);
      }
    }
  }
  return parts.join('\n');
}

function json(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}
