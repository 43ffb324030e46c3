import { isRecord } from '../is-record';

type Rec = Record<string, unknown>;

/** How a LangChain message is written: `{ type, data }` (messages_to_dict, JS stored messages), flat, or `lc` constructor. */
export type RecordShape = 'dict' | 'flat' | 'lc';

/** A LangChain message whatever its shape: its type (`human`, `ai`, `tool`, …) and its fields. */
export interface MessageView {
  type: string;
  fields: Rec;
  shape: RecordShape;
}

const TYPES = new Set(['human', 'ai', 'system', 'developer', 'tool', 'chat', 'generic', 'function', 'remove']);
/** Class names of the `lc` constructor form (and Python's chunk types) → message type. */
const CLASSES: Readonly<Record<string, string>> = {
  HumanMessage: 'human',
  AIMessage: 'ai',
  SystemMessage: 'system',
  ToolMessage: 'tool',
  ChatMessage: 'chat',
  FunctionMessage: 'function',
  RemoveMessage: 'remove',
};

/** `AIMessageChunk` → `ai`: a chunk saved as a message reads as its message. */
function typeOf(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  if (TYPES.has(name)) return name;
  const base = name.endsWith('Chunk') ? name.slice(0, -'Chunk'.length) : name;
  return Object.hasOwn(CLASSES, base) ? CLASSES[base] : undefined;
}

/**
 * A record as a LangChain message, or undefined when it is none: `{ type, data: { content, … } }` (Python
 * `messages_to_dict`; JS `mapChatMessagesToStoredMessages`, whose `data` has no `type`), a flat message
 * (`{ type: "ai", content, tool_calls, … }`, as LangGraph state holds them), the legacy JS `{ type, role, text }`,
 * or the serialized `{ lc: 1, type: "constructor", id: [..., "AIMessage"], kwargs }`.
 */
export function messageView(record: unknown): MessageView | undefined {
  if (!isRecord(record)) return undefined;
  if (record.lc === 1 && record.type === 'constructor' && Array.isArray(record.id) && isRecord(record.kwargs)) {
    const type = typeOf(record.id[record.id.length - 1]);
    return type === undefined ? undefined : { type, fields: record.kwargs, shape: 'lc' };
  }
  const type = typeOf(record.type);
  if (type === undefined) return undefined;
  if (isRecord(record.data) && ('content' in record.data || 'text' in record.data || type === 'remove')) return { type, fields: record.data, shape: 'dict' };
  if ('content' in record) return { type, fields: record, shape: 'flat' };
  // The first JS shape: `{ type, role, text }`.
  if (typeof record.text === 'string') return { type, fields: { ...record, content: record.text }, shape: 'dict' };
  return undefined;
}
