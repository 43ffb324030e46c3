import type { ContentBlock, Message } from '../../types';
import { isRecord } from '../is-record';

/**
 * Canonical messages as AI SDK `ModelMessage`s, for messages with no AI SDK record (a summary, a masked result, a
 * conversation read from another format): the inverse of `modelPartToBlock`. A user message's `tool_result` blocks
 * become a `tool` message (the tool's name found from its call in `messages` or `calls`), its other blocks a user
 * message after it. `thinking` keeps its signature in `providerOptions.anthropic`, server tools become
 * provider-executed calls and results. Blocks with no ModelMessage part are left out and counted in `dropped`.
 *
 * @param calls Tool names by call id from messages before these (the kept history), for results whose call is not here.
 */
export function toModelMessages(
  messages: readonly Message[],
  system?: string,
  calls: ReadonlyMap<string, string> = new Map(),
): { messages: unknown[]; dropped: number } {
  const out: unknown[] = [];
  let dropped = 0;
  const names = new Map(calls);
  if (system !== undefined && system !== '') out.push({ role: 'system', content: system });
  for (const message of messages) {
    const { content } = message;
    if (typeof content === 'string') {
      out.push({ role: message.role, content });
      continue;
    }
    if (message.role === 'assistant') {
      const parts: unknown[] = [];
      for (const block of content) {
        const part = assistantPart(block, names);
        if (part === undefined) dropped++;
        else parts.push(part);
      }
      out.push({ role: 'assistant', content: parts });
      continue;
    }
    const results: unknown[] = [];
    const parts: unknown[] = [];
    for (const block of content) {
      if (block.type === 'tool_result') results.push(toolResultPart(block, names));
      else {
        const part = userPart(block);
        if (part === undefined) dropped++;
        else parts.push(part);
      }
    }
    if (results.length > 0) out.push({ role: 'tool', content: results });
    if (parts.length > 0 || results.length === 0) out.push({ role: 'user', content: parts });
  }
  return { messages: out, dropped };
}

function assistantPart(block: ContentBlock, names: Map<string, string>): unknown {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'thinking':
      return typeof block.signature === 'string'
        ? { type: 'reasoning', text: block.thinking, providerOptions: { anthropic: { signature: block.signature } } }
        : { type: 'reasoning', text: block.thinking };
    case 'redacted_thinking':
      return { type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: block.data } } };
    case 'tool_use':
    case 'server_tool_use': {
      const id = String(block.id);
      const name = String(block.name);
      names.set(id, name);
      return block.type === 'tool_use'
        ? { type: 'tool-call', toolCallId: id, toolName: name, input: block.input }
        : { type: 'tool-call', toolCallId: id, toolName: name, input: block.input, providerExecuted: true };
    }
    case 'image':
      return fileOf(block);
  }
  if (block.type.endsWith('_tool_result') && typeof block.tool_use_id === 'string') {
    const name = names.get(block.tool_use_id) ?? block.type.slice(0, -'_tool_result'.length);
    return { type: 'tool-result', toolCallId: block.tool_use_id, toolName: name, output: { type: 'json', value: block.content ?? null } };
  }
  return undefined;
}

function toolResultPart(block: ContentBlock, names: ReadonlyMap<string, string>): unknown {
  const id = String(block.tool_use_id);
  const isError = block.is_error === true;
  const content = block.content;
  let output: unknown;
  if (Array.isArray(content)) {
    const value = content.map((b: ContentBlock) => (b.type === 'text' ? { type: 'text', text: b.text } : b.type === 'image' ? imageData(b) : b));
    output = { type: 'content', value };
  } else {
    output = { type: isError ? 'error-text' : 'text', value: typeof content === 'string' ? content : '' };
  }
  return { type: 'tool-result', toolCallId: id, toolName: names.get(id) ?? '', output };
}

function userPart(block: ContentBlock): unknown {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'image') return fileOf(block);
  return undefined;
}

function fileOf(block: ContentBlock): unknown {
  const source = isRecord(block.source) ? block.source : {};
  if (source.type === 'url') return { type: 'image', image: source.url };
  return { type: 'image', image: source.data, mediaType: source.media_type };
}

function imageData(block: ContentBlock): unknown {
  const source = isRecord(block.source) ? block.source : {};
  return source.type === 'url' ? { type: 'image-url', url: source.url } : { type: 'image-data', data: source.data, mediaType: source.media_type };
}
