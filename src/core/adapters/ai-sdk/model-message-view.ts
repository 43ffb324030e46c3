import type { ContentBlock, Message } from '../../types';
import type { MessageView } from '../../prune/message-view';
import { identifyShape } from '../../shapes/identify-shape';
import { foreignShapeError } from '../../shapes/foreign-shape-error';
import { modelPartBlock } from './model-part-block';
import { oneItemRuns } from '../../prune/one-item-runs';

/** View messages already made, by the caller's message object: a `prepareStep` sees the same objects every step. */
export type ModelViewCache = WeakMap<object, Message>;

/**
 * The canonical view of AI SDK `ModelMessage`s, one view message per message, block k standing for part k: `user`
 * and `assistant` as they are, `tool` as a user message of `tool_result`s (as the Anthropic provider merges them),
 * parts mapped by `modelPartBlock`. A message whose parts are all text (or whose content is a string) is its own
 * view, the same object. `system` messages are outside the view. Nothing is copied but what needs mapping.
 *
 * @throws {TypeError} for a message of another API (naming the index and the entry point), a role the AI SDK does not
 *   have, or a `tool` message whose content is not a list of parts
 */
export function modelMessageView(messages: readonly unknown[], caller: string, cache?: ModelViewCache): MessageView {
  if (!Array.isArray(messages)) throw new TypeError(`${caller}: messages must be an array, got ${messages === null ? 'null' : typeof messages}`);
  const n = messages.length;
  const owner = new Int32Array(n);
  const view: Message[] = [];
  for (let i = 0; i < n; i++) {
    const message = messages[i];
    if (message === null || typeof message !== 'object') {
      throw new TypeError(`${caller}: messages[${i}] is ${message === null ? 'null' : typeof message}; expected a ModelMessage ({ role, content })`);
    }
    if ((message as { role?: unknown }).role === 'system') {
      owner[i] = -1;
      continue;
    }
    let viewed = cache?.get(message);
    if (viewed === undefined) {
      viewed = viewOf(message as Record<string, unknown>, i, caller);
      cache?.set(message, viewed);
    }
    owner[i] = view.length;
    view.push(viewed);
  }
  return { messages: view, owner, ...oneItemRuns(owner, view.length) };
}

function viewOf(message: Record<string, unknown>, i: number, caller: string): Message {
  const { role, content } = message;
  if ('tool_calls' in message || 'tool_call_id' in message || 'function_call' in message || (role !== 'user' && role !== 'assistant' && role !== 'tool')) {
    const shape = identifyShape(message);
    if (shape !== undefined && shape.ecosystem !== 'model-messages') throw foreignShapeError(caller, i, shape);
    throw new TypeError(`${caller}: messages[${i}].role must be 'system', 'user', 'assistant' or 'tool', got ${JSON.stringify(role) ?? 'undefined'}`);
  }
  if (typeof content === 'string') {
    if (role === 'tool') throw new TypeError(`${caller}: messages[${i}] is a tool message whose content is a string; the AI SDK's holds tool-result parts`);
    return message as unknown as Message;
  }
  if (!Array.isArray(content)) throw new TypeError(`${caller}: messages[${i}].content must be a string or an array of parts, got ${content === null ? 'null' : typeof content}`);
  const blocks: ContentBlock[] = new Array(content.length);
  let same = role !== 'tool';
  for (let k = 0; k < content.length; k++) {
    const block = modelPartBlock(content[k], role === 'assistant');
    if (block === undefined) {
      const shape = identifyShape(message);
      if (shape !== undefined && shape.ecosystem !== 'model-messages') throw foreignShapeError(caller, i, shape);
      blocks[k] = content[k] as ContentBlock; // a part of a newer SDK: carried through, counted by its fields
      continue;
    }
    blocks[k] = block;
    if (block !== content[k]) same = false;
  }
  return same ? (message as unknown as Message) : { role: role === 'assistant' ? 'assistant' : 'user', content: blocks };
}
