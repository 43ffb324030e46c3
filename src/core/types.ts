/**
 * The canonical message model: the Anthropic Messages API shape.
 *
 * Every format prunescope reads is converted to this shape, and every strategy works on it.
 * Blocks the core does not know are carried through untouched: `UnknownBlock` keeps them typed
 * without forcing a cast, and `toolBlockKind` (links/) tells calls and results apart.
 */
export type Role = 'user' | 'assistant';

/** Text. */
export interface TextBlock {
  type: 'text';
  text: string;
  [extra: string]: unknown;
}

/** A call of a client tool; the API rejects a request where it is not answered by a `tool_result` right after. */
export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
  [extra: string]: unknown;
}

/** A client tool's result, answering the `tool_use` with id `tool_use_id`. */
export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | ContentBlock[];
  is_error?: boolean;
  [extra: string]: unknown;
}

/** Thinking shown by the API, with its signature. */
export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature?: string;
  [extra: string]: unknown;
}

/** Thinking the API returned encrypted; sent back as it is. */
export interface RedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
  [extra: string]: unknown;
}

/** An image, inline (`data`) or by URL; counted by its size in pixels. */
export interface ImageBlock {
  type: 'image';
  source: { type: string; media_type?: string; data?: string; url?: string; [extra: string]: unknown };
  [extra: string]: unknown;
}

/** A tool run by the API itself (web search, code execution); its result sits in the same assistant message. */
export interface ServerToolUseBlock {
  type: 'server_tool_use';
  id: string;
  name: string;
  input: unknown;
  [extra: string]: unknown;
}

/** `web_search_tool_result`, `code_execution_tool_result`, `web_fetch_tool_result`, …: answers a server tool use. */
export interface ServerToolResultBlock {
  type: `${string}_tool_result`;
  tool_use_id: string;
  content: unknown;
  [extra: string]: unknown;
}

/** Any block this core has no type for; carried through as it is. */
export interface UnknownBlock {
  type: string;
  [extra: string]: unknown;
}

/** One block of a message's content: text, a tool call or result, thinking, an image, a server tool's call or result, or a block this core carries through unread. */
export type ContentBlock =
  | TextBlock
  | ToolUseBlock
  | ToolResultBlock
  | ThinkingBlock
  | RedactedThinkingBlock
  | ImageBlock
  | ServerToolUseBlock
  | ServerToolResultBlock
  | UnknownBlock;

/** A message of the canonical model: the Anthropic Messages API shape. Fields the core does not know are carried through. */
export interface Message {
  role: Role;
  content: string | ContentBlock[];
  [extra: string]: unknown;
}

/** What code that only reads messages needs of one: a `Message` and a seed-003 `ConversationTurn` both fit. */
export interface MessageLike {
  role: Role;
  content: Message['content'];
}

/** What a strategy did to one input message. */
export type MessageFate = 'kept' | 'dropped' | 'summarized' | 'masked';

/** One tool call and its answer, located by message index and block index within that message. */
export interface ToolLink {
  id: string;
  useIndex: number;
  useBlock: number;
  resultIndex: number;
  resultBlock: number;
}

/** A tool call or result block with no partner. */
export interface OrphanBlock {
  id: string;
  kind: 'use' | 'result';
  messageIndex: number;
  blockIndex: number;
}

/** Every tool call with its answer, and every block without its partner. */
export interface ToolLinks {
  /** Every answered call, in the order of its result. */
  pairs: ToolLink[];
  /** Calls never answered and results that answer nothing, in input order. */
  orphans: OrphanBlock[];
}
