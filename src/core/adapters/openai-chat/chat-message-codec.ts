import type { ContentBlock, Message } from '../../types';
import type { ViewCodec } from '../../prune/message-view';
import { contentText } from '../../text/content-text';
import type { ChatMessageLike } from './chat-message-like';
import { LINK_PREFIX } from '../../shapes/link-id';

type Record_ = Record<string, unknown>;

/**
 * What the core makes, as Chat messages. A masked result is its `tool` (or `function`) message with the placeholder
 * as `content`; a cleared call keeps its `tool_calls` entry (id, type, name) with the cleared input as `arguments`
 * (JSON, as Chat sends arguments); a message summarized in place keeps its role and fields with the summary as
 * `content`; a summary the plan adds is a user message. Everything the core left alone is the same object.
 */
export const chatMessageCodec: ViewCodec<ChatMessageLike> = {
  replace(items, view, v, replacement) {
    const item = items[view.first[v] as number] as ChatMessageLike & Record_;
    const original = (view.list?.at(v) ?? (view.messages[v] as Message)).content;
    const { content } = replacement;
    if (Array.isArray(content) && Array.isArray(original) && content.length === original.length) {
      if (item.role === 'tool' || item.role === 'function') {
        const block = content[0] as ContentBlock;
        return block === original[0] ? [item] : [{ ...item, content: contentText(block.content as Message['content']) }];
      }
      const inputs = new Map<string, unknown>();
      for (let k = 0; k < content.length; k++) {
        const block = content[k] as ContentBlock;
        if (block !== original[k] && block.type === 'tool_use') inputs.set(block.id as string, block.input);
      }
      return inputs.size === 0 ? [item] : [withInputs(item, inputs)];
    }
    // Summarized in place: a plain message (one with calls or results is never plain).
    if (item.role === 'tool' || item.role === 'function' || (Array.isArray(item.tool_calls) && item.tool_calls.length > 0)) return [item];
    return [{ ...item, content: contentText(content) }];
  },
  insert: (message) => ({ role: 'user', content: contentText(message.content) }),
  outsideText: (item) => (typeof item.content === 'string' ? item.content : contentText(item.content as Message['content'])),
};

function withInputs(item: ChatMessageLike & Record_, inputs: ReadonlyMap<string, unknown>): ChatMessageLike {
  const out: ChatMessageLike & Record_ = { ...item };
  if (Array.isArray(item.tool_calls)) {
    out.tool_calls = (item.tool_calls as Record_[]).map((call) => {
      const id = String(call.id);
      if (!inputs.has(id)) return call;
      const args = stringOf(inputs.get(id));
      if (call.custom !== null && typeof call.custom === 'object') return { ...call, custom: { ...(call.custom as Record_), input: args } };
      return { ...call, function: { ...(call.function as Record_), arguments: args } };
    });
  }
  for (const [id, input] of inputs) {
    if (id.startsWith(LINK_PREFIX)) out.function_call = { ...(item.function_call as Record_), arguments: stringOf(input) };
  }
  return out;
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}
