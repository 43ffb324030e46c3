import type { TranscriptFormat } from './types';

/**
 * The only error `parseTranscript` throws. It says what is wrong and where, so the inspector can show it in place.
 * `line` and `column` are 1-based; `formatsTried` lists, for a shape no format matched, why each format said no;
 * `closestFormat` and `looksLike` say what such input is nearest to and what it looks like.
 */
export class TranscriptParseError extends Error {
  override readonly name = 'TranscriptParseError';
  readonly line: number | undefined;
  readonly column: number | undefined;
  /** Detail behind the message, for a "details" disclosure: the message already says what matters once. */
  readonly formatsTried: readonly { format: TranscriptFormat; reason: string }[];
  /** For input no format reads: the supported format nearest to it. */
  readonly closestFormat: TranscriptFormat | undefined;
  /** For input recognised as a format prunescope does not read: its name, e.g. `Gemini CLI session`, `YAML`. */
  readonly looksLike: string | undefined;

  constructor(
    message: string,
    details: {
      line?: number;
      column?: number;
      formatsTried?: readonly { format: TranscriptFormat; reason: string }[];
      closestFormat?: TranscriptFormat;
      looksLike?: string;
    } = {},
  ) {
    super(message);
    this.line = details.line;
    this.column = details.column;
    this.formatsTried = details.formatsTried ?? [];
    this.closestFormat = details.closestFormat;
    this.looksLike = details.looksLike;
  }
}
