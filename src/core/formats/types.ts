import type { FORMAT_REGISTRY } from './registry';
import type { ConversationOf, ParseWarning, SerializedText, SkippedRecords } from './format-types';

export type { MessageAnnotation, CompactionBoundary, SourceLayout, ParseWarning, SkippedRecords, ValidationProblem } from './format-types';

type AnyFormat = (typeof FORMAT_REGISTRY)[number];

/** The id of a registered transcript format (`registry.ts`). */
export type TranscriptFormat = AnyFormat['id'];

/** The API dialect a request is checked against by `validateMessages`: the formats that are an API's own. */
export type Provider = AnyFormat['provider'];

/** A conversation read from a file in any registered format. */
export type Conversation = ConversationOf<TranscriptFormat>;

/** What `serializeTranscript` hands an Export button. */
export interface SerializedTranscript extends SerializedText {
  /** The format actually written; differs from the conversation's when it had to (or was asked to) change. */
  format: TranscriptFormat;
}

/** What `parseTranscript` read: its format, its conversations of canonical messages, and what it skipped. */
export interface ParsedTranscript {
  format: TranscriptFormat;
  conversations: Conversation[];
  /** What may have lost data: a line that is not JSON, a record of unknown type, a record that could not be read. */
  warnings: ParseWarning[];
  /** Bookkeeping records left out, per type, in the order first met; empty when there were none. */
  skipped: SkippedRecords[];
}

/** How `parseTranscript` reads a file: the format to expect (default: detected). */
export interface ParseOptions {
  /** Skip detection and read as this format. */
  format?: TranscriptFormat;
  /** Used for titles and messages only; detection never trusts it alone. */
  fileName?: string;
  /** Where the text came from, so errors speak of "the file" or "the pasted text". Default is `'file'`. */
  origin?: 'file' | 'paste';
}

