import type { ParseWarning } from './types';

/** One parsed record of a JSONL file, with its 1-based line number. */
export interface JsonLine {
  line: number;
  value: unknown;
}

/** The input after JSON parsing, before any format has looked at it. */
export type TranscriptSource =
  | { kind: 'document'; value: unknown }
  | { kind: 'lines'; lines: JsonLine[]; warnings: ParseWarning[] };
