import type { Message } from '../types';
import type { TokenEncoding } from '../tokens/types';
import type { ForeignShape } from '../shapes/foreign-shape';

/**
 * The shapes a format reads and writes, with no reference to the registry: a format's folder imports these, and the
 * registry's derived types (`types.ts`) are built on them, so no import runs in a circle.
 */

/** One parsed record of a JSONL file, with its 1-based line number. */
export interface JsonLine {
  line: number;
  value: unknown;
}

/** The input after JSON parsing, before any format has looked at it. */
export type TranscriptSource =
  | { kind: 'document'; value: unknown }
  | { kind: 'lines'; lines: JsonLine[]; warnings: ParseWarning[] };

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
  /**
   * `compact-boundary`: a Claude Code `system` line. `compaction-block`: an Anthropic `compaction` content block.
   * `checkpoint`: a Gemini CLI `$set.messages` line, which replaced the whole message list (`/compress`, tool-output
   * masking). `condensation`: an OpenHands `condensation` action, after which the agent sent the events it did not
   * forget with the condenser's summary.
   */
  kind: 'compact-boundary' | 'compaction-block' | 'checkpoint' | 'condensation';
  /** Claude Code `compactMetadata.trigger`: `auto` (the context was full) or `manual` (`/compact`). */
  trigger?: string;
  /** Claude Code `compactMetadata.preTokens`: tokens in the context just before it was compacted. */
  preTokens?: number;
  /** 1-based line of the boundary record, for JSONL. */
  line?: number;
  /** For a `compaction` block: its index in the message's content. */
  blockIndex?: number;
  /** The source record of a `compact-boundary`, `checkpoint` or `condensation`, written back on export. */
  record?: Record<string, unknown>;
}

/**
 * A conversation read from a file. `F` is the format's id: `Conversation` (types.ts) is this for any registered format;
 * a format's own folder writes `ConversationOf<'its-id'>`, so nothing a format imports depends on the registry.
 */
export interface ConversationOf<F extends string = string> {
  /** Stable within one parse: a session id, task id, or `conversation-N`. */
  id: string;
  /** For pickers: the first user words, the task id, or the file name. */
  title: string;
  format: F;
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
  /**
   * The JSON document the conversation was read from, kept by formats whose export cuts and splices it
   * (`exportJsonRecords`, or `locateJson` and `spliceJsonArray` for OTel): unchanged records are then written back
   * byte for byte, in the file's own indentation, separators and escapes, which re-stringifying would lose.
   */
  sourceText?: string;
}

/**
 * Where the messages sat in the source file.
 * `array`: the file is the array. `object`: an object holding them under `key`, beside the envelope fields.
 * `entry`: one entry of a multi-conversation array (`[{ task_id, traj }]`), messages under `key`. `jsonl`: one record a line.
 */
export type SourceLayout =
  | { kind: 'array' }
  | {
      kind: 'object';
      key: string;
      /** From the root to the list, when the object holding it is not the root (`['values', 'messages']`). */
      path?: (string | number)[];
    }
  | { kind: 'entry'; key: string }
  | { kind: 'jsonl' };

/** What a format's `serialize` writes; `serializeTranscript` adds the format (`SerializedTranscript`). */
export interface SerializedText {
  text: string;
  /** Without the dot: `json` or `jsonl`. */
  fileExtension: 'json' | 'jsonl';
  mimeType: 'application/json' | 'application/x-ndjson';
  /** Said to the user when the export is not a plain copy of the source shape (format change, lines left out). */
  note?: string;
}

/** Something `parseTranscript` read past without failing: a line or record skipped or read in part, and where. */
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

/** One thing the provider's API would reject, with the rule broken and the message and block it is at. */
export interface ValidationProblem {
  /** Index into the messages array that was checked. */
  messageIndex: number;
  /** A stable id for the rule, e.g. `anthropic/tool-use-without-result`. */
  rule: string;
  /** The text the API would answer with. */
  message: string;
}

/**
 * One request whose cost the file recorded (see `usage/types.ts`). A request is located by the message its response
 * became: it held the messages from `contextStart` up to `messageIndex` − 1, plus a system prompt and tool definitions
 * no transcript records.
 */
export interface RecordedRequest {
  /** The message the request's response became; `messages.length` when the response is not in the file. */
  messageIndex: number;
  /** The first message the request held: 0, or after a Claude Code compaction the message holding the summary. */
  contextStart: number;
  /** Input tokens billed at the full rate (Anthropic `input_tokens`; OpenAI input less its cached part). */
  inputTokens: number;
  /** Anthropic `cache_creation_input_tokens`; 0 for OpenAI, which does not bill cache writes. */
  cacheCreationInputTokens: number;
  /**
   * Added (compatible): of `cacheCreationInputTokens`, the part written with the 1-hour TTL (Claude Code's
   * `cache_creation.ephemeral_1h_input_tokens`), billed at 2 × input instead of 1.25 ×; the rest is 5-minute.
   */
  cacheWrite1hInputTokens?: number;
  /** Anthropic `cache_read_input_tokens`; OpenAI `cached_input_tokens`. */
  cacheReadInputTokens: number;
  outputTokens: number;
  /**
   * Added (compatible): the output may be a snapshot taken while the response streamed (Claude Code writes a line
   * per block as it streams; 5 tokens or fewer on every line of a message is such a snapshot more often than not).
   */
  outputPartial?: boolean;
  /**
   * OpenAI: the reasoning tokens among `outputTokens`. The reasoning itself is encrypted in the file, yet the
   * following requests of the same turn carry it as input, so the comparison adds it back as `hidden`.
   */
  reasoningOutputTokens?: number;
  /** The model that answered, as the file names it (`claude-opus-4-6`, `gpt-5-codex`); see `keepsPriorThinking`. */
  model?: string;
  /** 1-based line of the record the figures were read from. */
  line?: number;
}

/**
 * What a file recorded its whole run cost, when it records no request on its own (SWE-agent `info.model_stats`,
 * OpenHands `llm_metrics`, an AI SDK message's `metadata.totalUsage`): held against the sum of the counted inputs of
 * every request, not request by request. Fields the file does not give are absent, never 0.
 */
export interface RecordedTotal {
  /** Requests the run made, when the file says (SWE-agent `api_calls`). */
  requests?: number;
  /** Input tokens billed, every rate together (uncached, cache writes and cache reads). */
  inputTokens?: number;
  /** The part of `inputTokens` read from cache, when the file says. */
  cacheReadInputTokens?: number;
  /** The part of `inputTokens` written to cache, when the file says. */
  cacheCreationInputTokens?: number;
  /** Every output token of the run, hidden reasoning included where the harness counts it. */
  outputTokens?: number;
  /** What the run cost in US dollars, as the file's harness priced it. */
  costUsd?: number;
  /** The model that answered, as the file names it. */
  model?: string;
  /** Where in the file the figures are, for messages: `info.model_stats`, line 12. */
  where: string;
}

/** How well a format fits an input, from its `detect`. */
export interface Detection {
  /** Whether the format reads the input. */
  reads: boolean;
  /**
   * 0–1, how sure: among the formats that read an input the highest wins (a tie goes to the one listed first in the
   * registry); among those that do not, the highest is the closest, named in the error. Give a format that reads
   * with strong evidence (fields only it has) more than one that reads an ambiguous shape such as `[{ role, content }]`.
   */
  confidence: number;
  /**
   * Why, for people. When it reads: what showed it. When it does not: what keeps it from reading, naming the first
   * record that does not fit (`message 3 has role "tool"`), since this is what the error says after "Closest: …, but".
   */
  reason: string;
  /**
   * When it does not read, though the input is unmistakably this format (fields only it writes) and only a part of it
   * keeps it from reading: the format as the error names the file (`a SWE-agent trajectory (.traj)`), so the error
   * says what the file is and which part is wrong, not its JSON shape. See `mismatch`.
   */
  recognisedAs?: string;
}

/** What `parse` may report besides the conversations. */
export interface ParseContext {
  /** Used for titles only. */
  fileName: string | undefined;
  /** The input as given, for a format that keeps it (`Conversation.sourceText`) to splice it on export. */
  text: string;
  /** Add what may have lost data: a line that is not JSON, a record of unknown type. */
  warnings: ParseWarning[];
  /** Count, per record type, the bookkeeping records left out on purpose. */
  skipped: Map<string, number>;
}

/** What `serialize` needs beyond the messages. */
export interface SerializeContext {
  /** Whether the conversation was read from this format: its own records and layout can then be written back. */
  own: boolean;
  /** The name of the conversation's own format, for notes such as "Converted from Claude Code session JSONL." */
  from: string;
}

/**
 * What an agent harness does to its requests beyond what its transcript records: facts the replay models
 * (`readReplayInputs`), plain data, so the worker can send them on. Set by a format written by an agent harness
 * (Claude Code), absent for an API's own request shape.
 */
export interface HarnessTraits {
  /** The harness as sentences name it: `Claude Code`. */
  name: string;
  /**
   * What it adds to the requests without writing it down, in the words of the note that says why the replayed input
   * is short: `Claude Code's hook output and reminders`.
   */
  unrecordedInput?: string;
  /**
   * After each compaction it attaches context again (the files read last, the plan, hook output) to the first request,
   * which the replay adds to the compact summary's message.
   */
  reinjectsAfterCompaction?: boolean;
  /** Each new prompt reads only the cache breakpoint back (the prompt cache breaks): assumed when a file's reads do not say. */
  breaksCacheOnNewPrompt?: boolean;
  /**
   * Its compaction is a request of its own, which no file holds: the tokens of the prompt it sends with the context.
   * Absent: the replay estimates no compaction request.
   */
  compactPromptTokens?: number;
}

/** A request a harness's subagent made beside the main thread, as the main session's file recorded it. */
export interface SubagentRequest extends RecordedRequest {
  /** The harness's id of the subagent (Claude Code's `agentId`). */
  agentId: string;
}

/** `HarnessTraits` and what reads the harness's own requests from a file. */
export interface AgentHarness extends HarnessTraits {
  /**
   * The requests its subagents made beside the main thread, which the file recorded on lines the parser skips:
   * `source` is the file's text parsed again.
   */
  readSubagentRequests?(conversation: ConversationOf, source: TranscriptSource): SubagentRequest[];
}

/** A format prunescope does not read, recognised so the error can name it and point to the closest supported one. */
export interface NearMiss {
  /** Plain name, e.g. `Gemini CLI session`. */
  name: string;
  /** The name as it reads after "looks like": `a Gemini CLI session`, `YAML`. */
  phrase: string;
  /** How to get from this file to the format whose `nearMisses` list it is in, for the user. */
  hint: string;
  /** Whether the input is one: the parsed JSON, or the text when it is not JSON. */
  recognise(input: TranscriptSource | string): boolean;
}

/**
 * A transcript format: everything prunescope knows about it, in its folder under `formats/<id>/`, listed once in
 * `registry.ts`. Everything else (detection, parsing, export, validation, token counts, recorded usage, the
 * inspector's labels and upload control, the CLI's names and help, the README) reads the registry.
 */
export interface FormatDefinition<Id extends string = string, P extends string = string> {
  /** Stable id: the CLI's `--format` / `--to` value, `Conversation.format`, the folder's name. Lower-case, dashes. */
  id: Id;
  /** How messages name it: `Claude Code session JSONL`. */
  name: string;
  /** How the list of supported formats in an error names it, when it says more than `name`. */
  supportedAs?: string;
  /** Short, for the inspector's top bar: `Claude Code session`. */
  label: string;
  /** File name extensions, with the dot, that the upload control offers: `.jsonl`. */
  extensions: readonly string[];
  /** The API its requests are sent in: the id of a format with an `api` (itself, or e.g. Claude Code → `anthropic`). */
  provider: P;
  /** For a format that is an API's own request shape: the API's name for people and its validator. */
  api?: {
    /** `Anthropic Messages`, shown as "checked as Anthropic Messages API". */
    label: string;
    /** What the API would reject, one problem per offence (see `validateMessages`). */
    validate(messages: readonly Message[]): ValidationProblem[];
    /** The SDK message shape the API takes as it is: `validateMessages` checks those without conversion. */
    shape: ForeignShape['ecosystem'];
  };
  /** The token vocabulary its models most likely used. */
  encoding: TokenEncoding;
  /** The model priced in a replay when neither the caller nor the file names one: `anthropic/claude-sonnet-4.5`. */
  replayModel: string;
  /** Whether a lone JSON object is one line of this JSONL format (a one-line file parses as a single document). */
  isLoneRecord?(record: Record<string, unknown>): boolean;
  /** How well the input fits; see `Detection`. Reads a sample, so a 100 MB file is decided fast. */
  detect(source: TranscriptSource): Detection;
  /** The conversations of an input `detect` said it reads (or that the caller named this format for). */
  parse(source: TranscriptSource, context: ParseContext): ConversationOf<Id>[];
  /** Writes `messages` of `conversation` (of any format) in this format; see `serializeTranscript`. */
  serialize(conversation: ConversationOf, messages: readonly Message[], context: SerializeContext): SerializedText;
  /** The requests whose cost the file recorded, when the format records any. */
  recordedUsage?: {
    /**
     * `source()` parses the file again (costly: call it only when needed); `undefined` unless `fromText` is set and
     * the caller kept the text.
     */
    read(conversation: ConversationOf, source: () => TranscriptSource | undefined): RecordedRequest[];
    /** The run's total, for a format that records one and no requests of their own (see `RecordedTotal`). */
    readTotal?(conversation: ConversationOf, source: () => TranscriptSource | undefined): RecordedTotal | undefined;
    /** The usage is on lines the parser skips, so the file's text must be kept to read it. */
    fromText: boolean;
  };
  /** The agent harness that writes this format, for a replay of its requests; see `AgentHarness`. */
  harness?: AgentHarness;
  /** Formats prunescope does not read whose closest supported format is this one; the error names them. */
  nearMisses?: readonly NearMiss[];
}
