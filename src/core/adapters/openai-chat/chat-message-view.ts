import type { ContentBlock, Message } from '../../types';
import type { MessageView } from '../../prune/message-view';
import { identifyShape } from '../../shapes/identify-shape';
import { foreignShapeError } from '../../shapes/foreign-shape-error';
import { LINK_PREFIX } from '../../shapes/link-id';
import { imageSource } from '../../shapes/image-source';
import { oneItemRuns } from '../../prune/one-item-runs';
import { lazyView, type ViewSource } from '../../shapes/lazy-view';

type Record_ = Record<string, unknown>;

/** The content part types of Chat Completions. */
const PART_TYPES = new Set(['text', 'refusal', 'image_url', 'input_audio', 'file']);

/**
 * The canonical view of OpenAI Chat Completions messages, one view message per message: `user` as it is (text and
 * images), `assistant` as text plus one `tool_use` per `tool_calls` entry (`arguments` kept as the string, for its
 * tokens), `tool` as a user message of one `tool_result`, a legacy `function_call` and the `function` message right
 * after it as a call and its result of a link id. `system` and `developer` messages are outside the view. A user
 * or assistant message of string content with no calls is its own view, the same object. Every message is checked
 * here; a view message is built only when read (a lazy view).
 *
 * @throws {TypeError} for a message of another API (naming the index and the entry point) or a role Chat does not have
 */
export function chatMessageView(messages: readonly unknown[], caller: string): MessageView {
  if (!Array.isArray(messages)) throw new TypeError(`${caller}: messages must be an array, got ${messages === null ? 'null' : typeof messages}`);
  const n = messages.length;
  const owner = new Int32Array(n);
  let count = 0;
  // The link id of the legacy function call the next `function` message answers, if the last message made one;
  // and, per `function` message that answers one, that id.
  let functionCall: string | undefined;
  let answered: Map<number, string> | undefined;
  for (let i = 0; i < n; i++) {
    const message = messages[i];
    if (message === null || typeof message !== 'object') {
      throw new TypeError(`${caller}: messages[${i}] is ${message === null ? 'null' : typeof message}; expected a Chat message ({ role, content })`);
    }
    const m = message as Record_;
    const { role } = m;
    if (role === 'system' || role === 'developer') {
      owner[i] = -1;
      continue;
    }
    checkChatMessage(m, i, caller);
    if (role === 'function' && functionCall !== undefined) (answered ??= new Map()).set(i, functionCall);
    functionCall = role === 'assistant' && m.function_call !== null && typeof m.function_call === 'object' ? `${LINK_PREFIX}function:${i}` : undefined;
    owner[i] = count++;
  }
  const { first, end } = oneItemRuns(owner, count);
  return lazyView(owner, first, end, new ChatSource(messages, first, caller, answered));
}

/** Builds view message `v` from its message. */
class ChatSource implements ViewSource {
  /** One instance for the life of the class, to keep its map alive (see `lazyView`'s class). */
  static readonly keepMap: unknown = new ChatSource([], new Int32Array(0), '', undefined);

  constructor(
    private readonly messages: readonly unknown[],
    private readonly first: Int32Array,
    private readonly caller: string,
    private readonly answered: Map<number, string> | undefined,
  ) {}

  build(v: number): Message {
    const i = this.first[v] as number;
    return viewOf(this.messages[i] as Record_, i, this.caller, this.answered?.get(i));
  }
}

/** Throws what the view of `m` cannot take: another API's message, a role or part Chat does not have. */
function checkChatMessage(m: Record_, i: number, caller: string): void {
  const { role, content } = m;
  if (role === 'tool') {
    if (typeof m.tool_call_id !== 'string') throw foreignOr(m, i, caller, `messages[${i}] is a tool message without a string tool_call_id`);
    return;
  }
  if (role === 'function') return;
  if (role !== 'user' && role !== 'assistant') {
    throw foreignOr(m, i, caller, `messages[${i}].role must be 'system', 'developer', 'user', 'assistant', 'tool' or 'function', got ${JSON.stringify(role) ?? 'undefined'}`);
  }
  if (Array.isArray(content)) {
    for (const part of content) {
      if (part === null || typeof part !== 'object') continue;
      const { type } = part as Record_;
      if (!PART_TYPES.has(type as string)) throw foreignOr(m, i, caller, `messages[${i}] has a content part of type ${JSON.stringify(type) ?? 'undefined'}, which Chat Completions does not have`);
    }
  }
  const calls = m.tool_calls;
  if (role === 'assistant' && !Array.isArray(calls) && calls !== undefined && calls !== null) {
    throw new TypeError(`${caller}: messages[${i}].tool_calls must be an array, got ${typeof calls}`);
  }
}

/** The view message of checked message `m` (item `i`); `answers`: the legacy call a `function` message answers. */
function viewOf(m: Record_, i: number, caller: string, answers: string | undefined): Message {
  switch (m.role) {
    case 'user':
      return userView(m, i, caller);
    case 'assistant':
      return assistantView(m, i, caller);
    case 'tool':
      return { role: 'user', content: [{ type: 'tool_result', tool_use_id: String(m.tool_call_id), content: text(m.content) }] };
    default:
      return answers === undefined ? { role: 'user', content: text(m.content) } : { role: 'user', content: [{ type: 'tool_result', tool_use_id: answers, content: text(m.content) }] };
  }
}

function userView(m: Record_, i: number, caller: string): Message {
  const { content } = m;
  if (typeof content === 'string') return m as unknown as Message;
  if (!Array.isArray(content)) return { role: 'user', content: text(content) };
  return { role: 'user', content: content.map((part) => partBlock(part, m, i, caller)) };
}

function assistantView(m: Record_, i: number, caller: string): Message {
  const { content, tool_calls: calls, function_call: legacy, refusal } = m;
  if (typeof content === 'string' && calls === undefined && (legacy === undefined || legacy === null) && (refusal === undefined || refusal === null)) {
    return m as unknown as Message;
  }
  const blocks: ContentBlock[] = [];
  if (typeof content === 'string') {
    if (content !== '') blocks.push({ type: 'text', text: content });
  } else if (Array.isArray(content)) for (const part of content) blocks.push(partBlock(part, m, i, caller));
  if (typeof refusal === 'string' && refusal !== '') blocks.push({ type: 'text', text: refusal });
  if (Array.isArray(calls)) {
    for (const call of calls as Record_[]) {
      const fn = (call?.function ?? call?.custom) as Record_ | undefined;
      blocks.push({ type: 'tool_use', id: String(call?.id), name: String(fn?.name ?? ''), input: fn?.arguments ?? fn?.input ?? '' });
    }
  } else if (calls !== undefined && calls !== null) {
    throw new TypeError(`${caller}: messages[${i}].tool_calls must be an array, got ${typeof calls}`);
  }
  if (legacy !== null && typeof legacy === 'object') {
    const fn = legacy as Record_;
    blocks.push({ type: 'tool_use', id: `${LINK_PREFIX}function:${i}`, name: String(fn.name ?? ''), input: fn.arguments ?? '' });
  }
  return { role: 'assistant', content: blocks };
}

function partBlock(part: unknown, m: Record_, i: number, caller: string): ContentBlock {
  if (part === null || typeof part !== 'object') return { type: 'text', text: typeof part === 'string' ? part : '' };
  const p = part as Record_;
  switch (p.type) {
    case 'text':
      return p as ContentBlock;
    case 'refusal':
      return { type: 'text', text: typeof p.refusal === 'string' ? p.refusal : '' };
    case 'image_url': {
      const url = (p.image_url as Record_ | undefined)?.url;
      return { type: 'image', source: imageSource(url) ?? { type: 'url', url: '' } };
    }
    case 'input_audio':
      return { type: 'document', title: 'audio' };
    case 'file':
      return { type: 'document', title: String((p.file as Record_ | undefined)?.filename ?? 'file') };
    default:
      throw foreignOr(m, i, caller, `messages[${i}] has a content part of type ${JSON.stringify(p.type) ?? 'undefined'}, which Chat Completions does not have`);
  }
}

function foreignOr(m: Record_, i: number, caller: string, otherwise: string): TypeError {
  const shape = identifyShape(m);
  if (shape !== undefined && shape.ecosystem !== 'chat-completions') return foreignShapeError(caller, i, shape);
  return new TypeError(`${caller}: ${otherwise}`);
}

function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (typeof (part as Record_ | null)?.text === 'string' ? ((part as Record_).text as string) : '')).join('');
}
