import type { TranscriptSource } from './transcript-source';
import type { TranscriptFormat } from './types';

type Rec = Record<string, unknown>;

const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
const CHAT_PARTS = new Set(['text', 'image_url', 'input_audio', 'file', 'refusal']);
const RESPONSES_PARTS = new Set(['input_text', 'output_text', 'input_image', 'input_file', 'refusal', 'summary_text']);
const RESPONSES_ITEMS = new Set([
  'message',
  'reasoning',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'web_search_call',
  'local_shell_call',
  'local_shell_call_output',
  'file_search_call',
  'computer_call',
  'computer_call_output',
  'image_generation_call',
  'code_interpreter_call',
  'mcp_call',
  'mcp_list_tools',
  'item_reference',
  'compaction',
]);
/** How many records to look at before deciding; a shape is settled long before, and 100 MB files stay fast. */
const SAMPLE = 2000;

/**
 * Says why `source` is not a transcript in `format`, or `undefined` when it is one.
 * Detection asks each format in turn and, when none fits, the reasons become the error the user sees,
 * so each reason names the first record that does not fit and what is wrong with it.
 */
export function explainFormatMismatch(source: TranscriptSource, format: TranscriptFormat): string | undefined {
  switch (format) {
    case 'claude-code':
      return claudeCode(source);
    case 'openai-responses':
      return responses(source);
    case 'anthropic':
      return anthropic(source);
    case 'openai-chat':
      return chat(source);
  }
}

function isRecord(value: unknown): value is Rec {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function claudeCode(source: TranscriptSource): string | undefined {
  if (source.kind === 'document') return 'it is a single JSON document, and a Claude Code session is JSON Lines';
  for (const { value } of source.lines) {
    if (isRecord(value) && (value.type === 'user' || value.type === 'assistant') && isRecord(value.message)) return undefined;
  }
  return 'no line is a `user` or `assistant` record with a `message`';
}

function responses(source: TranscriptSource): string | undefined {
  if (source.kind === 'lines') {
    for (const { value } of source.lines) {
      if (!isRecord(value)) continue;
      if (value.type === 'response_item' && isRecord(value.payload)) return undefined;
      if (typeof value.type === 'string' && value.type !== 'message' && RESPONSES_ITEMS.has(value.type)) return undefined;
    }
    return 'no line is a Codex rollout `response_item` or a Responses item';
  }
  const { value } = source;
  const items = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.input) ? value.input : undefined;
  if (items === undefined) return 'it is neither an array of items nor an object with an `input` array';
  if (items.length === 0) return 'it holds no items';
  let typed = false;
  for (let i = 0; i < items.length && i < SAMPLE; i++) {
    const item: unknown = items[i];
    if (!isRecord(item)) return `item ${i + 1} is not an object`;
    if (typeof item.type === 'string') {
      if (!RESPONSES_ITEMS.has(item.type)) return `item ${i + 1} has type \`${item.type}\`, not a Responses item type`;
      typed = true;
    } else if (!('role' in item)) {
      return `item ${i + 1} has neither \`type\` nor \`role\``;
    }
    if ('tool_calls' in item || 'tool_call_id' in item) return `item ${i + 1} is a Chat Completions message (\`tool_calls\`)`;
    if (Array.isArray(item.content)) {
      for (const part of item.content) {
        if (isRecord(part) && typeof part.type === 'string' && RESPONSES_PARTS.has(part.type)) typed = true;
      }
    }
  }
  return typed ? undefined : 'no item has a Responses `type` or `input_text`/`output_text` content';
}

function messageList(value: unknown, allowEntries: boolean): unknown[] | string {
  if (Array.isArray(value)) {
    if (value.length === 0) return 'the array is empty';
    if (allowEntries && value.every((e) => isRecord(e) && !('role' in e) && (Array.isArray(e.traj) || Array.isArray(e.messages)))) {
      const flat: unknown[] = [];
      for (const entry of value as Rec[]) {
        const list = (Array.isArray(entry.traj) ? entry.traj : entry.messages) as unknown[];
        for (const m of list) {
          flat.push(m);
          if (flat.length >= SAMPLE) return flat;
        }
      }
      return flat;
    }
    return value;
  }
  if (isRecord(value) && Array.isArray(value.messages)) return value.messages;
  return allowEntries
    ? 'it is neither an array of messages, an object with a `messages` array, nor a list of `{ traj }` / `{ messages }` conversations'
    : 'it is neither an array of messages nor an object with a `messages` array';
}

function anthropic(source: TranscriptSource): string | undefined {
  if (source.kind === 'lines') return 'it is JSON Lines, and Anthropic Messages is one JSON document';
  const list = messageList(source.value, false);
  if (typeof list === 'string') {
    if (Array.isArray(source.value) && source.value.length > 0 && source.value.every((e) => isRecord(e) && (Array.isArray(e.traj) || Array.isArray(e.messages)))) {
      return 'it is a list of several conversations, and an Anthropic request holds one';
    }
    return list;
  }
  if (isRecord(source.value) && typeof source.value.system !== 'string' && source.value.system !== undefined && !Array.isArray(source.value.system)) {
    return '`system` is neither a string nor a list of blocks';
  }
  for (let i = 0; i < list.length && i < SAMPLE; i++) {
    const m = list[i];
    if (!isRecord(m)) return `message ${i + 1} is not an object`;
    if (m.role !== 'user' && m.role !== 'assistant') return `message ${i + 1} has role ${JSON.stringify(m.role)}; only "user" and "assistant" are allowed`;
    if ('tool_calls' in m) return `message ${i + 1} has \`tool_calls\` (an OpenAI Chat field)`;
    if (typeof m.type === 'string' && m.type !== 'message') return `message ${i + 1} has type \`${m.type}\``;
    if (typeof m.content === 'string') continue;
    if (!Array.isArray(m.content)) return `message ${i + 1} has no \`content\` string or block list`;
    for (const block of m.content) {
      if (!isRecord(block) || typeof block.type !== 'string') return `message ${i + 1} has a content block without a \`type\``;
      if (RESPONSES_PARTS.has(block.type) && block.type !== 'refusal') return `message ${i + 1} has a \`${block.type}\` part (OpenAI Responses)`;
      if (block.type === 'image_url') return `message ${i + 1} has an \`image_url\` part (OpenAI Chat)`;
    }
  }
  return undefined;
}

function chat(source: TranscriptSource): string | undefined {
  if (source.kind === 'lines') return 'it is JSON Lines, and Chat Completions messages are one JSON document';
  const list = messageList(source.value, true);
  if (typeof list === 'string') return list;
  for (let i = 0; i < list.length && i < SAMPLE; i++) {
    const m = list[i];
    if (!isRecord(m)) return `message ${i + 1} is not an object`;
    if (typeof m.role !== 'string' || !CHAT_ROLES.has(m.role)) return `message ${i + 1} has role ${JSON.stringify(m.role)}`;
    if (typeof m.type === 'string' && m.type !== 'message') return `message ${i + 1} has type \`${m.type}\` (a Responses item)`;
    const { content } = m;
    if (content === null || content === undefined || typeof content === 'string') continue;
    if (!Array.isArray(content)) return `message ${i + 1} has content that is neither a string, null nor a list of parts`;
    for (const part of content) {
      if (!isRecord(part) || typeof part.type !== 'string') return `message ${i + 1} has a content part without a \`type\``;
      if (!CHAT_PARTS.has(part.type)) return `message ${i + 1} has a \`${part.type}\` block, which is not a Chat Completions part`;
    }
  }
  return undefined;
}
