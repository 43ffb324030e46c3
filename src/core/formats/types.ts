import type { Message } from '../types';

export type TranscriptFormat = 'anthropic' | 'claude-code' | 'openai-chat' | 'openai-responses';

/** The API dialect a request is checked against by `validateMessages`. */
export type Provider = 'anthropic' | 'openai-chat' | 'openai-responses';

/** Per-message facts from the source that the canonical shape has no room for. */
export interface MessageAnnotation {
  /** Claude Code: the message is a compact summary written when the session was compacted. */
  compactSummary?: boolean;
  /** Claude Code: `isMeta` lines (injected by the harness, not typed by the user). */
  meta?: boolean;
  /**
   * `tool_use_id`s of the server-tool result blocks in this message that the reader made up rather than read. A
   * Responses `web_search_call` has no result item, so its `web_search_tool_result` is an empty stand-in: the search
   * ran on the server, there is no result to show, and it is not a client tool pair. The blocks stay in the message,
   * because the Anthropic shape needs a result beside each `server_tool_use`.
   */
  synthesizedResults?: string[];
  /**
   * Set by `repairConversation` on a message whose content the repair changed (or made): `sources` still lists the
   * records it came from, for the raw view, but they no longer match it, so export writes the message's content.
   */
  repaired?: boolean;
}

/**
 * A point where the agent's context was compacted: what came before it was replaced by a summary and was no longer
 * sent to the model. The messages from the last boundary on are what the model saw last ("as last sent").
 */
export interface CompactionBoundary {
  /**
   * Index in `messages` of the first message after the boundary: the compact summary (Claude Code), or the assistant
   * message holding the `compaction` block (Anthropic server-side compaction, whose blocks before it the API drops).
   */
  messageIndex: number;
  /** `compact-boundary`: a Claude Code `system` line. `compaction-block`: an Anthropic `compaction` content block. */
  kind: 'compact-boundary' | 'compaction-block';
  /** Claude Code `compactMetadata.trigger`: `auto` (the context was full) or `manual` (`/compact`). */
  trigger?: string;
  /** Claude Code `compactMetadata.preTokens`: tokens in the context just before it was compacted. */
  preTokens?: number;
  /** 1-based line of the boundary record, for JSONL. */
  line?: number;
  /** For a `compaction` block: its index in the message's content. */
  blockIndex?: number;
  /** The source record of a `compact-boundary`, written back on export. */
  record?: Record<string, unknown>;
}

export interface Conversation {
  /** Stable within one parse: a session id, task id, or `conversation-N`. */
  id: string;
  /** For pickers: the first user words, the task id, or the file name. */
  title: string;
  format: TranscriptFormat;
  /** The system prompt, when the source has one. */
  system?: string;
  /** Canonical messages, ready for the pruning core. */
  messages: Message[];
  /** For each canonical message, the source record(s) it came from, in source order (raw view and export). */
  sources: unknown[][];
  /** For each canonical message, the source line numbers (1-based) of its records, for JSONL formats. */
  sourceLines?: number[][];
  /** Sparse: facts for the messages that have any. */
  annotations?: (MessageAnnotation | undefined)[];
  /** Where the context was compacted, in message order; absent when it never was. */
  boundaries?: CompactionBoundary[];
  /** Whatever the source held around the messages (model, tools, wrapper fields), kept for export. */
  envelope?: Record<string, unknown>;
  /** How the source laid the messages out, so export can write the same shape. Absent: a bare array. */
  layout?: SourceLayout;
  /** The source records that `system` came from (OpenAI system/developer messages), for export. */
  systemSources?: unknown[];
}

/**
 * Where the messages sat in the source file.
 * `array`: the file is the array. `object`: an object holding them under `key`, beside the envelope fields.
 * `entry`: one entry of a multi-conversation array (`[{ task_id, traj }]`), messages under `key`. `jsonl`: one record a line.
 */
export type SourceLayout =
  | { kind: 'array' }
  | { kind: 'object'; key: string }
  | { kind: 'entry'; key: string }
  | { kind: 'jsonl' };

/** What `serializeTranscript` hands an Export button. */
export interface SerializedTranscript {
  text: string;
  /** The format actually written; differs from the conversation's when it had to (or was asked to) change. */
  format: TranscriptFormat;
  /** Without the dot: `json` or `jsonl`. */
  fileExtension: 'json' | 'jsonl';
  mimeType: 'application/json' | 'application/x-ndjson';
  /** Said to the user when the export is not a plain copy of the source shape (format change, lines left out). */
  note?: string;
}

export interface ParseWarning {
  /** 1-based line in the input, when the warning is about one line. */
  line?: number;
  message: string;
}

/**
 * Records a reader left out on purpose because they hold no conversation content: progress events, file snapshots,
 * UI echoes of items already read. Information for the user, not a problem: unlike a warning, nothing was lost.
 */
export interface SkippedRecords {
  /** The record type as the file names it: `progress`, `file-history-snapshot`, `event_msg`, … */
  type: string;
  count: number;
}

export interface ParsedTranscript {
  format: TranscriptFormat;
  conversations: Conversation[];
  /** What may have lost data: a line that is not JSON, a record of unknown type, a record that could not be read. */
  warnings: ParseWarning[];
  /** Bookkeeping records left out, per type, in the order first met; empty when there were none. */
  skipped: SkippedRecords[];
}

export interface ParseOptions {
  /** Skip detection and read as this format. */
  format?: TranscriptFormat;
  /** Used for titles and messages only; detection never trusts it alone. */
  fileName?: string;
  /** Where the text came from, so errors speak of "the file" or "the pasted text". Default is `'file'`. */
  origin?: 'file' | 'paste';
}

export interface ValidationProblem {
  /** Index into the messages array that was checked. */
  messageIndex: number;
  /** A stable id for the rule, e.g. `anthropic/tool-use-without-result`. */
  rule: string;
  /** The text the API would answer with. */
  message: string;
}
