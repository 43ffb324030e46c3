import type { ContentBlock, Message } from '../../types';
import type { MessageView } from '../../prune/message-view';
import { identifyShape } from '../../shapes/identify-shape';
import { foreignShapeError } from '../../shapes/foreign-shape-error';
import { modelPartBlock } from './model-part-block';
import { oneItemRuns } from '../../prune/one-item-runs';
import { lazyView, type ViewSource } from '../../shapes/lazy-view';

/** View messages already made, by the caller's message object: a `prepareStep` sees the same objects every step. */
export type ModelViewCache = WeakMap<object, Message>;

/** The part types of every AI SDK version: a part of another type is looked at for another API's shape. */
const PART_TYPES = new Set(['text', 'reasoning', 'redacted-reasoning', 'tool-call', 'tool-result', 'tool-approval-request', 'tool-approval-response', 'image', 'file', 'reasoning-file', 'custom']);

/**
 * The canonical view of AI SDK `ModelMessage`s, one view message per message, block k standing for part k: `user`
 * and `assistant` as they are, `tool` as a user message of `tool_result`s (as the Anthropic provider merges them),
 * parts mapped by `modelPartBlock`. A message whose parts are all text (or whose content is a string) is its own
 * view, the same object. `system` messages are outside the view. Nothing is copied but what needs mapping, and a
 * view message is built only when read (a lazy view): every message is checked here, converted only if planned on.
 *
 * @throws {TypeError} for a message of another API (naming the index and the entry point), a role the AI SDK does not
 *   have, or a `tool` message whose content is not a list of parts
 */
export function modelMessageView(messages: readonly unknown[], caller: string, cache?: ModelViewCache): MessageView {
  if (!Array.isArray(messages)) throw new TypeError(`${caller}: messages must be an array, got ${messages === null ? 'null' : typeof messages}`);
  const n = messages.length;
  const owner = new Int32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const message = messages[i];
    if (message === null || typeof message !== 'object') {
      throw new TypeError(`${caller}: messages[${i}] is ${message === null ? 'null' : typeof message}; expected a ModelMessage ({ role, content })`);
    }
    if ((message as { role?: unknown }).role === 'system') {
      owner[i] = -1;
      continue;
    }
    // A message in the cache was checked when it was first viewed.
    if (cache === undefined || !cache.has(message)) checkModelMessage(message as Record<string, unknown>, i, caller);
    owner[i] = count++;
  }
  const { first, end } = oneItemRuns(owner, count);
  return lazyView(owner, first, end, new ModelSource(messages, first, cache));
}

/** Builds view message `v` from its message, through the cache when there is one. */
class ModelSource implements ViewSource {
  /** One instance for the life of the class, to keep its map alive (see `lazyView`'s class). */
  static readonly keepMap: unknown = new ModelSource([], new Int32Array(0), undefined);

  constructor(
    private readonly messages: readonly unknown[],
    private readonly first: Int32Array,
    private readonly cache: ModelViewCache | undefined,
  ) {}

  build(v: number): Message {
    const message = this.messages[this.first[v] as number] as Record<string, unknown>;
    if (this.cache === undefined) return viewOf(message);
    let viewed = this.cache.get(message);
    if (viewed === undefined) {
      viewed = viewOf(message);
      this.cache.set(message, viewed);
    }
    return viewed;
  }
}

/** Throws what the view of `message` cannot take: another API's message, a role or content the AI SDK does not have. */
function checkModelMessage(message: Record<string, unknown>, i: number, caller: string): void {
  const { role, content } = message;
  if ('tool_calls' in message || 'tool_call_id' in message || 'function_call' in message || (role !== 'user' && role !== 'assistant' && role !== 'tool')) {
    const shape = identifyShape(message);
    if (shape !== undefined && shape.ecosystem !== 'model-messages') throw foreignShapeError(caller, i, shape);
    throw new TypeError(`${caller}: messages[${i}].role must be 'system', 'user', 'assistant' or 'tool', got ${JSON.stringify(role) ?? 'undefined'}`);
  }
  if (typeof content === 'string') {
    if (role === 'tool') throw new TypeError(`${caller}: messages[${i}] is a tool message whose content is a string; the AI SDK's holds tool-result parts`);
    return;
  }
  if (!Array.isArray(content)) throw new TypeError(`${caller}: messages[${i}].content must be a string or an array of parts, got ${content === null ? 'null' : typeof content}`);
  for (let k = 0; k < content.length; k++) {
    const part: unknown = content[k];
    if (part === null || typeof part !== 'object') continue;
    const { type } = part as { type?: unknown };
    // The commonest types first: the set's look-up hashes the string.
    if (type === 'text' || type === 'tool-call' || type === 'tool-result' || PART_TYPES.has(type as string)) continue;
    // A part of a newer SDK is carried through; one of another API's says where it belongs.
    const shape = identifyShape(message);
    if (shape !== undefined && shape.ecosystem !== 'model-messages') throw foreignShapeError(caller, i, shape);
    return;
  }
}

/** The view message of a checked `message`. */
function viewOf(message: Record<string, unknown>): Message {
  const { role, content } = message;
  if (typeof content === 'string') return message as unknown as Message;
  const parts = content as unknown[];
  const blocks: ContentBlock[] = new Array(parts.length);
  let same = role !== 'tool';
  for (let k = 0; k < parts.length; k++) {
    // undefined: a part of a newer SDK, carried through, counted by its fields
    const block = modelPartBlock(parts[k], role === 'assistant') ?? (parts[k] as ContentBlock);
    blocks[k] = block;
    if (block !== parts[k]) same = false;
  }
  return same ? (message as unknown as Message) : { role: role === 'assistant' ? 'assistant' : 'user', content: blocks };
}
