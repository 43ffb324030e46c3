import type { ContentBlock, Message } from '../../types';
import type { ViewCodec } from '../../prune/message-view';
import { contentText } from '../../text/content-text';
import type { ModelMessageLike } from './model-message-like';
import { replacedBlockIndices } from '../replaced-block-indices';

type Part = Record<string, unknown>;

/**
 * What the core makes, in AI SDK parts. A masked tool result keeps its part (`toolCallId`, `toolName`,
 * `providerOptions`) with `output` `{ type: 'text', value: placeholder }` (`error-text` for an error, so the flag
 * survives; a denial is never rewritten); a cleared call keeps its part with the cleared `input`; a message summarized
 * in place keeps its role and fields with one text part; a cleared reasoning part is left out. A summary the plan adds is a user message of one text part.
 * Parts the core left alone are the same objects.
 */
export const modelMessageCodec: ViewCodec<ModelMessageLike> = {
  replace(items, view, v, replacement) {
    const item = items[view.first[v] as number] as ModelMessageLike;
    const original = (view.list?.at(v) ?? (view.messages[v] as Message)).content;
    const { content } = replacement;
    const at = Array.isArray(content) && Array.isArray(original) && Array.isArray(item.content) ? replacedBlockIndices(original, content) : undefined;
    if (at !== undefined) {
      // Part k stands for block k: edited in place, or gone with its thinking (a cleared reasoning part).
      const parts: Part[] = [];
      (item.content as Part[]).forEach((part, k) => {
        const j = at[k] as number;
        if (j === -1) return;
        const block = (content as ContentBlock[])[j] as ContentBlock;
        parts.push(block === (original as ContentBlock[])[k] ? part : replacedPart(part, block));
      });
      return [{ ...item, content: parts }];
    }
    // Summarized in place: a plain user or assistant message (a tool message is never plain: it holds results).
    if (item.role === 'tool') return [item];
    const text = contentText(content);
    return [{ ...item, content: typeof item.content === 'string' ? text : [{ type: 'text', text }] }];
  },
  insert: (message) => ({ role: 'user', content: [{ type: 'text', text: contentText(message.content) }] }),
  outsideText: (item) => (typeof item.content === 'string' ? item.content : contentText(item.content as Message['content'])),
};

function replacedPart(part: Part, block: ContentBlock): Part {
  switch (part.type) {
    case 'tool-result': {
      const output = part.output as { type?: unknown } | undefined;
      if (block.type !== 'tool_result' || output?.type === 'execution-denied') return part;
      const isError = output?.type === 'error-text' || output?.type === 'error-json';
      return { ...part, output: { type: isError ? 'error-text' : 'text', value: contentText(block.content as Message['content']) } };
    }
    case 'tool-call':
      return block.type === 'tool_use' || block.type === 'server_tool_use' ? { ...part, input: block.input } : part;
    case 'text':
      return block.type === 'text' ? { ...part, text: block.text } : part;
    case 'reasoning':
      return block.type === 'thinking' ? { ...part, text: block.thinking } : part;
    default:
      return part;
  }
}
