import type { ContentBlock, Message } from '../../types';
import { joinTextParts } from '../join-text-parts';

/**
 * Canonical messages as Chat Completions messages, for messages that have no chat source record (a summary
 * placeholder, or a conversation read from another format). Blocks Chat has no room for (thinking, server tools)
 * are left out and counted in `dropped`, so the caller can say so.
 */
export function toOpenAIChatMessages(messages: readonly Message[], system?: string): { messages: unknown[]; dropped: number } {
  const out: unknown[] = [];
  let dropped = 0;
  if (system !== undefined && system !== '') out.push({ role: 'system', content: system });
  for (const message of messages) {
    const { content } = message;
    if (typeof content === 'string') {
      out.push({ role: message.role, content });
      continue;
    }
    if (message.role === 'assistant') {
      const texts: string[] = [];
      const calls: unknown[] = [];
      for (const block of content) {
        if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
        else if (block.type === 'tool_use') {
          const input = block.input;
          calls.push({
            id: block.id,
            type: 'function',
            function: { name: block.name, arguments: typeof input === 'string' ? input : JSON.stringify(input ?? {}) },
          });
        } else dropped++;
      }
      const record: Record<string, unknown> = { role: 'assistant', content: texts.length > 0 ? texts.join('\n\n') : null };
      if (calls.length > 0) record.tool_calls = calls;
      out.push(record);
      continue;
    }
    const parts: unknown[] = [];
    for (const block of content) {
      if (block.type === 'tool_result') {
        out.push({ role: 'tool', tool_call_id: block.tool_use_id, content: joinTextParts(block.content) });
      } else {
        const part = toPart(block);
        if (part === undefined) dropped++;
        else parts.push(part);
      }
    }
    if (parts.length > 0) out.push({ role: 'user', content: parts });
  }
  return { messages: out, dropped };
}

function toPart(block: ContentBlock): unknown {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'image') {
    const source = block.source as { type?: unknown; media_type?: unknown; data?: unknown; url?: unknown } | undefined;
    if (source?.type === 'base64') return { type: 'image_url', image_url: { url: `data:${String(source.media_type)};base64,${String(source.data)}` } };
    if (typeof source?.url === 'string') return { type: 'image_url', image_url: { url: source.url } };
  }
  return undefined;
}
