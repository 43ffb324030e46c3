import type { ContentBlock, Message } from '../types';
import { clearMiddleLines, type ClearLimits } from './clear-middle-lines';

/**
 * A copy of `message` whose `tool_result` blocks keep only their head and tail (`clearMiddleLines`): the blocks keep
 * their `tool_use_id`, `is_error` and every other field, so each result still answers its call. A result made of
 * blocks becomes one text block of its joined text; its images are left out and counted in the marker line.
 * Other blocks are the input's own objects. `undefined` when no result gets shorter. Never mutates `message`.
 */
export function maskToolResults(message: Message, limits: ClearLimits): Message | undefined {
  const { content } = message;
  if (!Array.isArray(content)) return undefined;
  let changed = false;
  const masked = content.map((block): ContentBlock => {
    if (block === null || typeof block !== 'object' || block.type !== 'tool_result') return block;
    const inner = (block as { content?: unknown }).content;
    let text: string;
    let images = 0;
    if (typeof inner === 'string') {
      text = inner;
    } else if (Array.isArray(inner)) {
      const parts: string[] = [];
      for (const part of inner) {
        if (part !== null && typeof part === 'object' && (part as { type?: unknown }).type === 'image') images++;
        else if (part !== null && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string') parts.push((part as { text: string }).text);
      }
      text = parts.join('\n');
    } else {
      return block;
    }
    const cleared = clearMiddleLines(text, limits);
    if (cleared === undefined && images === 0) return block;
    changed = true;
    const body = cleared ?? text;
    const note = images > 0 ? `\n[… ${images} image${images === 1 ? '' : 's'} cleared …]` : '';
    return { ...block, content: typeof inner === 'string' && images === 0 ? body : [{ type: 'text', text: `${body}${note}` }] };
  });
  return changed ? { ...message, content: masked } : undefined;
}
