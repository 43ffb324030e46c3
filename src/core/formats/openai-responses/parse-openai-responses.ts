import type { ContentBlock, Message } from '../../types';
import { conversationTitle } from '../conversation-title';
import type { TranscriptSource } from '../format-types';
import type { ConversationOf, MessageAnnotation, ParseWarning } from '../format-types';
import { parseToolArguments } from '../parse-tool-arguments';
import { joinTextParts } from '../join-text-parts';

type Conversation = ConversationOf<'openai-responses'>;

type Item = Record<string, unknown>;

/** Items the model writes; a run of them is one assistant turn. */
const CALL_ITEMS = new Set(['function_call', 'custom_tool_call', 'local_shell_call', 'web_search_call', 'reasoning']);
/** Items that answer a call; a run of them is one user message of tool results. */
const OUTPUT_ITEMS = new Set(['function_call_output', 'custom_tool_call_output', 'local_shell_call_output']);
/**
 * Rollout lines beside the items: `event_msg` repeats items for the UI, `turn_context` holds per-turn settings, and
 * a second `session_meta` (a resumed session) repeats the first. Skipping them loses none of what the model saw.
 */
const BOOKKEEPING = new Set(['event_msg', 'turn_context', 'session_meta']);

/**
 * OpenAI Responses items: a bare array, a request body `{ input: [...] }`, or a Codex CLI rollout JSONL whose
 * `response_item` lines carry the items (`event_msg` lines repeat them for the UI and are counted in `skipped`, as
 * `turn_context` lines are; a `compacted` line or a line of unknown type is a warning).
 *
 * A run of model-written items (reasoning, assistant message, calls) is one assistant message, so a reasoning item
 * stays with the call that follows it and parallel calls stay together; a run of outputs is one user message.
 * `web_search_call` has no call id and no output: it becomes a `server_tool_use` with an empty
 * `web_search_tool_result` in the same message, the way Anthropic writes a server-run search, so the core sees a
 * complete pair that lives and dies with its message; the message's annotation lists the made-up results
 * (`synthesizedResults`). A reasoning item with no summary text, only `encrypted_content`, becomes
 * `redacted_thinking` with the ciphertext as `data`.
 */
export function parseOpenAIResponses(
  source: TranscriptSource,
  fileName: string | undefined,
  warnings: ParseWarning[],
  skipped: Map<string, number>,
): Conversation[] {
  const fallback = fileName ?? 'OpenAI Responses items';
  if (source.kind === 'document') {
    const { value } = source;
    if (Array.isArray(value)) {
      const conversation = convert(value, undefined, 'conversation-1', warnings);
      conversation.title = conversationTitle(conversation.messages, fallback);
      conversation.layout = { kind: 'array' };
      return [conversation];
    }
    const { input, ...envelope } = value as Item;
    const conversation = convert(input as unknown[], undefined, 'conversation-1', warnings);
    conversation.title = conversationTitle(conversation.messages, fallback);
    conversation.envelope = envelope;
    conversation.layout = { kind: 'object', key: 'input' };
    if (typeof envelope.instructions === 'string') conversation.system = envelope.instructions;
    return [conversation];
  }

  const records: unknown[] = [];
  const lines: number[] = [];
  const found: ParseWarning[] = [];
  const unknown = new Map<string, { count: number; first: number }>();
  let meta: Item | undefined;
  for (const { line, value } of source.lines) {
    if (!isRecord(value)) {
      found.push({ line, message: `Line ${line} skipped: not a JSON object.` });
    } else if (value.type === 'response_item' && isRecord(value.payload)) {
      records.push(value);
      lines.push(line);
    } else if (value.type === 'session_meta' && meta === undefined && isRecord(value.payload)) {
      meta = value;
    } else if (value.payload === undefined && typeof value.type === 'string' && isItemType(value.type)) {
      records.push(value);
      lines.push(line);
    } else if (typeof value.type === 'string' && BOOKKEEPING.has(value.type)) {
      skipped.set(value.type, (skipped.get(value.type) ?? 0) + 1);
    } else if (value.type === 'compacted') {
      found.push({ line, message: `Line ${line} skipped: a \`compacted\` record (the summary Codex wrote when it compacted the session) is not shown.` });
    } else {
      const type = typeof value.type === 'string' ? value.type : '(none)';
      const seen = unknown.get(type);
      if (seen === undefined) unknown.set(type, { count: 1, first: line });
      else seen.count++;
    }
  }
  for (const [type, { count, first }] of unknown) {
    const they = count === 1 ? '1 line of unknown type' : `${count} lines of unknown type`;
    found.push({ line: first, message: `Skipped ${they} \`${type}\` (first at line ${first}): ${count === 1 ? 'it may hold' : 'they may hold'} conversation content.` });
  }
  warnings.push(...found.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  const payload = meta !== undefined && isRecord(meta.payload) ? meta.payload : undefined;
  const id = typeof payload?.id === 'string' ? payload.id : 'conversation-1';
  const conversation = convert(records, lines, id, warnings);
  conversation.title = conversationTitle(conversation.messages, fallback);
  conversation.layout = { kind: 'jsonl' };
  if (meta !== undefined) conversation.envelope = { session_meta: meta };
  const instructions = payload?.instructions ?? (isRecord(payload?.base_instructions) ? payload.base_instructions.text : undefined);
  if (typeof instructions === 'string') conversation.system = instructions;
  return [conversation];
}

function isRecord(value: unknown): value is Item {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isItemType(type: string): boolean {
  return type === 'message' || CALL_ITEMS.has(type) || OUTPUT_ITEMS.has(type);
}

/** `records` are items, or rollout lines whose `payload` is the item; `lines` numbers them for JSONL. */
function convert(records: unknown[], lines: number[] | undefined, id: string, warnings: ParseWarning[]): Conversation {
  const messages: Message[] = [];
  const sources: unknown[][] = [];
  const sourceLines: number[][] = [];
  const systemTexts: string[] = [];
  const systemSources: unknown[] = [];
  // The message still open to more items of its side: 'call' (assistant run) or 'output' (tool results).
  let open: { side: 'call' | 'output'; blocks: ContentBlock[] } | undefined;
  let searches = 0;
  let warnedSystem = false;
  // Sparse, like `Conversation.annotations`: only assistant messages holding a web search get one.
  const annotations: (MessageAnnotation | undefined)[] = [];
  const made: string[] = [];

  const push = (message: Message, record: unknown, index: number): void => {
    messages.push(message);
    sources.push([record]);
    if (lines) sourceLines.push([lines[index] ?? 0]);
  };
  const extend = (record: unknown, index: number): void => {
    sources[sources.length - 1]?.push(record);
    if (lines) sourceLines[sourceLines.length - 1]?.push(lines[index] ?? 0);
  };

  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    const item = lines && isRecord(record) && isRecord(record.payload) ? record.payload : record;
    if (!isRecord(item)) {
      warnings.push({ message: `Item ${index + 1} skipped: not a JSON object.` });
      continue;
    }
    const type = typeof item.type === 'string' ? item.type : 'message';
    const role = item.role;

    if (type === 'message' && role !== 'assistant') {
      open = undefined;
      if (role === 'system' || role === 'developer') {
        if (messages.length === 0) {
          systemTexts.push(joinTextParts(item.content));
          systemSources.push(record);
          continue;
        }
        if (!warnedSystem) {
          warnings.push({ message: `A ${role} message after the conversation began (item ${index + 1}) is shown as a user message.` });
          warnedSystem = true;
        }
      }
      const { content } = item;
      push({ role: 'user', content: typeof content === 'string' ? content : partsToBlocks(content) }, record, index);
      continue;
    }

    if (OUTPUT_ITEMS.has(type)) {
      const block: ContentBlock = {
        type: 'tool_result',
        tool_use_id: typeof item.call_id === 'string' ? item.call_id : '',
        content: typeof item.output === 'string' ? item.output : partsToBlocks(item.output),
      };
      if (open?.side === 'output') {
        open.blocks.push(block);
        extend(record, index);
      } else {
        open = { side: 'output', blocks: [block] };
        push({ role: 'user', content: open.blocks }, record, index);
      }
      continue;
    }

    const blocks: ContentBlock[] = [];
    if (type === 'message') {
      const { content } = item;
      if (typeof content === 'string') blocks.push({ type: 'text', text: content });
      else blocks.push(...partsToBlocks(content));
    } else if (type === 'reasoning') {
      const thinking = joinTextParts(item.summary) || joinTextParts(item.content);
      // Without a summary the reasoning is only ciphertext: Anthropic's shape for that is redacted_thinking.
      if (thinking === '' && typeof item.encrypted_content === 'string') blocks.push({ type: 'redacted_thinking', data: item.encrypted_content });
      else blocks.push({ type: 'thinking', thinking });
    } else if (type === 'function_call') {
      blocks.push({ type: 'tool_use', id: stringOr(item.call_id), name: stringOr(item.name), input: parseToolArguments(item.arguments) });
    } else if (type === 'custom_tool_call') {
      blocks.push({ type: 'tool_use', id: stringOr(item.call_id), name: stringOr(item.name), input: item.input });
    } else if (type === 'local_shell_call') {
      blocks.push({ type: 'tool_use', id: stringOr(item.call_id), name: 'local_shell', input: item.action });
    } else if (type === 'web_search_call') {
      const searchId = typeof item.id === 'string' ? item.id : `ws_${++searches}`;
      blocks.push(
        { type: 'server_tool_use', id: searchId, name: 'web_search', input: item.action ?? {} },
        { type: 'web_search_tool_result', tool_use_id: searchId, content: [] },
      );
      made.push(searchId);
    } else {
      // Item types this reader has no mapping for: carried as unknown blocks without a tool role.
      blocks.push({ ...item, type });
    }
    if (open?.side === 'call') {
      open.blocks.push(...blocks);
      extend(record, index);
    } else {
      open = { side: 'call', blocks };
      push({ role: 'assistant', content: blocks }, record, index);
    }
    if (made.length > 0) {
      const at = messages.length - 1;
      annotations[at] = { synthesizedResults: [...(annotations[at]?.synthesizedResults ?? []), ...made] };
      made.length = 0;
    }
  }

  const conversation: Conversation = { id, title: '', format: 'openai-responses', messages, sources };
  if (lines) conversation.sourceLines = sourceLines;
  if (annotations.length > 0) {
    annotations.length = messages.length;
    conversation.annotations = Array.from(annotations);
  }
  if (systemSources.length > 0) {
    conversation.system = systemTexts.join('\n\n');
    conversation.systemSources = systemSources;
  }
  return conversation;
}

function stringOr(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function partsToBlocks(parts: unknown): ContentBlock[] {
  if (!Array.isArray(parts)) return [];
  const blocks: ContentBlock[] = [];
  for (const part of parts) {
    if (!isRecord(part)) continue;
    const { type } = part;
    if ((type === 'input_text' || type === 'output_text' || type === 'text') && typeof part.text === 'string') {
      blocks.push({ type: 'text', text: part.text });
    } else if (type === 'refusal' && typeof part.refusal === 'string') {
      blocks.push({ type: 'text', text: part.refusal });
    } else if (type === 'input_image' && typeof part.image_url === 'string') {
      const url = part.image_url;
      const comma = url.indexOf(',');
      blocks.push(
        url.startsWith('data:') && comma !== -1 && url.slice(0, comma).endsWith(';base64')
          ? { type: 'image', source: { type: 'base64', media_type: url.slice(5, comma - 7), data: url.slice(comma + 1) } }
          : { type: 'image', source: { type: 'url', url } },
      );
    } else {
      blocks.push({ ...part, type: typeof type === 'string' ? type : 'unknown' });
    }
  }
  return blocks;
}
