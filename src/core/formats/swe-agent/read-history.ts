import type { ContentBlock, Message, ToolResultBlock } from '../../types';
import type { ParseContext } from '../format-types';
import { isRecord } from '../is-record';
import { joinTextParts } from '../join-text-parts';
import { parseToolArguments } from '../parse-tool-arguments';
import { chatPartToBlock } from '../chat-part-to-block';

type Rec = Record<string, unknown>;

/** Canonical messages of a Chat-shaped history, with what export and the usage readers need beside them. */
export interface ReadHistory {
  messages: Message[];
  /** Per message, its records (a run of tool messages is one message). */
  sources: unknown[][];
  /** Per message, the index in the history of its first record. */
  firstRecord: number[];
  system?: string;
  systemSources: unknown[];
}

export interface ReadHistoryOptions {
  /** How errors and warnings name the list: `history`, `attempts[1].history`, `messages`. */
  where: string;
  /** A record that is no message (mini-SWE-agent's `exit`): the type it is counted under in `skipped`, else undefined. */
  skip?: (record: Rec) => string | undefined;
  /** The record as a Chat message, when it is in another shape (mini-SWE-agent's Responses items); `sources` keep the record. */
  view?: (record: Rec) => Rec;
}

/**
 * The history SWE-agent and mini-SWE-agent write, as canonical messages. Both keep Chat Completions messages:
 * `assistant` with `tool_calls` (arguments a JSON string) and `thinking_blocks`, `tool` answering a call by
 * `tool_call_ids` (SWE-agent: a list, one id in practice) or `tool_call_id` (mini), and `user`/`system` text.
 *
 * A run of tool messages is one user message of results. Ids are kept as written: replayed demonstrations reuse them
 * and the core pairs calls and results by position. A tool message that names no call answers the next open call of
 * the assistant message before it. Leading system messages are the system prompt. Older SWE-agent files have no tool
 * calls at all (thought and action are text): they read as text turns.
 */
export function readHistory(items: readonly unknown[], context: ParseContext, options: ReadHistoryOptions): ReadHistory {
  const { where } = options;
  const out: ReadHistory = { messages: [], sources: [], firstRecord: [], systemSources: [] };
  const systemTexts: string[] = [];
  let results: ToolResultBlock[] | undefined;
  let open: string[] = [];
  let made = 0;
  let pending: unknown[] = [];
  let warnedSystem = false;
  let warnedNoId = false;

  const push = (message: Message, record: unknown, index: number): void => {
    out.messages.push(message);
    out.sources.push([...pending, record]);
    out.firstRecord.push(index);
    pending = [];
  };

  items.forEach((original, index) => {
    if (!isRecord(original)) {
      context.warnings.push({ message: `${where}[${index}] skipped: not a JSON object.` });
      return;
    }
    const record = options.view?.(original) ?? original;
    const skipped = options.skip?.(record);
    if (skipped !== undefined) {
      context.skipped.set(skipped, (context.skipped.get(skipped) ?? 0) + 1);
      // Kept with the message before it, so export writes it back where it was.
      const last = out.sources[out.sources.length - 1];
      if (last !== undefined) last.push(original);
      else pending.push(original);
      return;
    }
    const { role } = record;
    if (role === 'tool') {
      const ids = callIds(record);
      if (ids.length === 0) {
        ids.push(open.shift() ?? `call_${made++}`);
        if (!warnedNoId) {
          context.warnings.push({ message: `${where}[${index}] is a tool message that names no call; it is read as the answer to the open call before it.` });
          warnedNoId = true;
        }
      } else {
        for (const id of ids) {
          const at = open.indexOf(id);
          if (at >= 0) open.splice(at, 1);
        }
      }
      const content = resultContent(record.content);
      const blocks = ids.map((id): ToolResultBlock => ({ type: 'tool_result', tool_use_id: id, content }));
      if (results !== undefined) {
        results.push(...blocks);
        out.sources[out.sources.length - 1]?.push(original);
      } else {
        results = blocks;
        push({ role: 'user', content: results }, original, index);
      }
      return;
    }
    results = undefined;
    if (role === 'system' && out.messages.length === 0) {
      systemTexts.push(joinTextParts(record.content));
      out.systemSources.push(...pending, original);
      pending = [];
      return;
    }
    if (role === 'assistant') {
      const message = assistantMessage(record, () => `call_${made++}`, (path, what) => context.warnings.push({ message: `${where}[${index}]${path} ${what}` }));
      open = Array.isArray(message.content) ? message.content.flatMap((b) => (b.type === 'tool_use' && typeof b.id === 'string' ? [b.id] : [])) : [];
      push(message, original, index);
      return;
    }
    if (role === 'system' && !warnedSystem) {
      context.warnings.push({ message: `${where}[${index}] is a system message after the conversation began; it is shown as a user message.` });
      warnedSystem = true;
    }
    const { content } = record;
    push({ role: 'user', content: typeof content === 'string' ? content : Array.isArray(content) ? content.map(partToBlock) : '' }, original, index);
  });
  if (pending.length > 0) out.systemSources.push(...pending);
  if (systemTexts.length > 0) out.system = systemTexts.join('\n\n');
  return out;
}

function callIds(record: Rec): string[] {
  if (Array.isArray(record.tool_call_ids)) return record.tool_call_ids.filter((id): id is string => typeof id === 'string');
  return typeof record.tool_call_id === 'string' ? [record.tool_call_id] : [];
}

/** `warn(path, what)`: something of the record at `path` (below the record) read in part, said in words. */
function assistantMessage(record: Rec, newId: () => string, warn: (path: string, what: string) => void): Message {
  const blocks: ContentBlock[] = [];
  if (Array.isArray(record.thinking_blocks)) {
    for (const block of record.thinking_blocks) {
      if (isRecord(block) && (block.type === 'thinking' || block.type === 'redacted_thinking')) blocks.push({ ...block, type: block.type });
    }
  } else if (typeof record.reasoning_content === 'string' && record.reasoning_content !== '') {
    blocks.push({ type: 'thinking', thinking: record.reasoning_content });
  }
  const calls = Array.isArray(record.tool_calls) ? record.tool_calls.filter(isRecord) : [];
  if (record.tool_calls !== undefined && record.tool_calls !== null && !Array.isArray(record.tool_calls)) {
    warn('.tool_calls', 'is not a list; no call is read from it.');
  }
  const { content } = record;
  if (blocks.length === 0 && calls.length === 0 && typeof content === 'string') return { role: 'assistant', content };
  if (typeof content === 'string') {
    if (content !== '') blocks.push({ type: 'text', text: content });
  } else if (Array.isArray(content)) {
    blocks.push(...content.map(partToBlock));
  }
  calls.forEach((call, k) => {
    const fn = isRecord(call.function) ? call.function : {};
    const input = parseToolArguments(fn.arguments ?? {});
    // The model wrote arguments that are not JSON: the call is shown with them as written (and exported so).
    if (typeof fn.arguments === 'string' && typeof input === 'string') warn(`.tool_calls[${k}].function.arguments`, 'is not JSON; the call keeps the text as written.');
    blocks.push({ type: 'tool_use', id: typeof call.id === 'string' ? call.id : newId(), name: typeof fn.name === 'string' ? fn.name : '', input });
  });
  return { role: 'assistant', content: blocks };
}

function resultContent(content: unknown): string | ContentBlock[] {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(partToBlock);
  return '';
}

/** SWE-agent writes list content as Chat parts; a bare string in the list is text. */
function partToBlock(part: unknown): ContentBlock {
  return typeof part === 'string' ? { type: 'text', text: part } : chatPartToBlock(part);
}
