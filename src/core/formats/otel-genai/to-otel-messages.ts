import type { ContentBlock, Message } from '../../types';
import { isRecord } from '../is-record';
import { joinTextParts } from '../join-text-parts';

/**
 * Canonical messages as OpenTelemetry GenAI messages (`{ role, parts }`), the inverse of `otelPartToBlock`: a user
 * message's `tool_result` blocks become one `tool` message of `tool_call_response` parts, its other blocks a user
 * message; thinking a `reasoning` part; images a `blob` or `uri`. Blocks with no GenAI part are counted in `dropped`.
 */
export function toOtelMessages(messages: readonly Message[]): { messages: unknown[]; dropped: number } {
  const out: unknown[] = [];
  let dropped = 0;
  for (const message of messages) {
    const blocks: ContentBlock[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (message.role === 'assistant') {
      const parts: unknown[] = [];
      for (const block of blocks) {
        const part = partOf(block);
        if (part === undefined) dropped++;
        else parts.push(part);
      }
      out.push({ role: 'assistant', parts });
      continue;
    }
    const responses: unknown[] = [];
    const parts: unknown[] = [];
    for (const block of blocks) {
      if (block.type === 'tool_result') {
        const content = block.content;
        responses.push({ type: 'tool_call_response', id: block.tool_use_id, response: joinTextParts(content) });
        continue;
      }
      const part = partOf(block);
      if (part === undefined) dropped++;
      else parts.push(part);
    }
    if (responses.length > 0) out.push({ role: 'tool', parts: responses });
    if (parts.length > 0 || responses.length === 0) out.push({ role: 'user', parts });
  }
  return { messages: out, dropped };
}

function partOf(block: ContentBlock): unknown {
  switch (block.type) {
    case 'text':
      return { type: 'text', content: block.text };
    case 'thinking':
      return { type: 'reasoning', content: block.thinking };
    case 'tool_use':
      return { type: 'tool_call', id: block.id, name: block.name, arguments: block.input };
    case 'image': {
      const source = isRecord(block.source) ? block.source : {};
      return source.type === 'url'
        ? { type: 'uri', modality: 'image', uri: source.url }
        : { type: 'blob', modality: 'image', mime_type: source.media_type, content: source.data };
    }
  }
  return undefined;
}
