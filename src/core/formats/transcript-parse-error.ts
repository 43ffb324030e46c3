import type { TranscriptFormat } from './types';

/**
 * The only error `parseTranscript` throws. It says what is wrong and where, so the inspector can show it in place.
 * `line` and `column` are 1-based; `formatsTried` lists, for a shape no format matched, why each format said no.
 */
export class TranscriptParseError extends Error {
  override readonly name = 'TranscriptParseError';
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly formatsTried: readonly { format: TranscriptFormat; reason: string }[];

  constructor(
    message: string,
    details: {
      line?: number;
      column?: number;
      formatsTried?: readonly { format: TranscriptFormat; reason: string }[];
    } = {},
  ) {
    super(message);
    this.line = details.line;
    this.column = details.column;
    this.formatsTried = details.formatsTried ?? [];
  }
}
