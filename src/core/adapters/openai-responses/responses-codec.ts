import type { ContentBlock, Message } from '../../types';
import type { ViewCodec } from '../../prune/message-view';
import { contentText } from '../../text/content-text';
import type { ResponsesItemLike } from './responses-item-like';
import { itemBlocks } from '../../shapes/item-blocks';

type Record_ = Record<string, unknown>;

/**
 * What the core makes, as Responses items. A masked `function_call_output` / `custom_tool_call_output` keeps its
 * item (`call_id`, `id`) with the placeholder as `output`; other outputs (screenshots, shell output arrays) are sent
 * as they are, since their schemas take no text. A cleared call keeps its item with the cleared input as
 * `arguments` (or `input`). A run summarized in place becomes one message of its role; a summary the plan adds, a
 * user message. Items the core left alone are the same objects.
 */
export const responsesCodec: ViewCodec<ResponsesItemLike> = {
  replace(items, view, v, replacement) {
    const { first, end } = view;
    const start = first[v] as number;
    const run = items.slice(start, end[v] as number);
    const message = view.list?.at(v) ?? (view.messages[v] as Message);
    const original = message.content;
    const { content } = replacement;
    if (Array.isArray(content) && Array.isArray(original) && content.length === original.length) {
      const out = run.slice();
      // Which item each block stands for, made here for the runs a plan rewrites (a run of one item: every block its own).
      const offsets = run.length > 1 ? blockOffsets(run) : undefined;
      for (let k = 0; k < content.length; k++) {
        if (content[k] === original[k]) continue;
        const at = offsets === undefined ? 0 : (offsets[k] as number);
        out[at] = replacedItem(out[at] as Record_, content[k] as ContentBlock) as ResponsesItemLike;
      }
      return out;
    }
    // Summarized in place: a run with no call or output in it (messages, reasoning).
    if (run.some((item) => itemBlocks(item).some((b) => b.type === 'tool_use' || b.type === 'tool_result'))) return run;
    const { role } = message;
    return [{ role, content: contentText(content) } as ResponsesItemLike];
  },
  insert: (message) => ({ role: 'user', content: contentText(message.content) }) as ResponsesItemLike,
  outsideText(item) {
    const { content } = item as { content?: unknown };
    if (typeof content === 'string') return content;
    if (Array.isArray(content)) return contentText(itemBlocks(item));
    return JSON.stringify(item) ?? '';
  },
};

/** Per block of a run's view message, the item it stands for (its offset in the run), as the view builds it. */
function blockOffsets(run: readonly ResponsesItemLike[]): number[] {
  const offsets: number[] = [];
  run.forEach((item, i) => {
    for (let k = itemBlocks(item).length; k > 0; k--) offsets.push(i);
  });
  return offsets;
}

function replacedItem(item: Record_, block: ContentBlock): Record_ {
  switch (item.type) {
    case 'function_call_output':
    case 'custom_tool_call_output':
      return block.type === 'tool_result' ? { ...item, output: contentText(block.content as Message['content']) } : item;
    case 'function_call':
      return block.type === 'tool_use' ? { ...item, arguments: stringOf(block.input) } : item;
    case 'custom_tool_call':
      return block.type === 'tool_use' ? { ...item, input: stringOf(block.input) } : item;
    default:
      return item;
  }
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}
