import { FORMAT_NAMES, SUPPORTED_FORMATS } from './format-names';
import { identifyForeignFormat } from './identify-foreign-format';
import { TranscriptParseError } from './transcript-parse-error';
import type { TranscriptSource } from './transcript-source';
import type { TranscriptFormat } from './types';

type Tried = { format: TranscriptFormat; reason: string };

/** Formats that read JSON documents, in the order a tie between them is broken. */
const DOCUMENT_FORMATS: readonly TranscriptFormat[] = ['anthropic', 'openai-chat', 'openai-responses'];

/**
 * The error for input no format reads, said once in plain words: what the input looks like (a known foreign format
 * such as a Gemini CLI session, or else its JSON shape), which formats are supported, and the closest one with what
 * keeps it from reading. `formatsTried` stays on the error as structured detail, not repeated in the message.
 * `subject` is how the input is named: `The file` or `The pasted text`. Returns `undefined` for text that is not
 * JSON and not a recognised format, which the caller reports as a syntax error instead.
 */
export function unsupportedFormatError(input: TranscriptSource, subject: string, tried?: readonly Tried[]): TranscriptParseError;
export function unsupportedFormatError(input: string, subject: string): TranscriptParseError | undefined;
export function unsupportedFormatError(
  input: TranscriptSource | string,
  subject: string,
  tried: readonly Tried[] = [],
): TranscriptParseError | undefined {
  const foreign = identifyForeignFormat(input);
  if (foreign !== undefined) {
    return new TranscriptParseError(
      `${subject} looks like ${foreign.phrase}, which prunescope cannot read. Supported: ${SUPPORTED_FORMATS}. ` +
        `Closest: ${FORMAT_NAMES[foreign.closest]}: ${foreign.hint}.`,
      { formatsTried: tried, closestFormat: foreign.closest, looksLike: foreign.name },
    );
  }
  if (typeof input === 'string') return undefined;
  const near = closest(input, tried);
  const but = near.reason === undefined ? '' : `, but ${near.reason}`;
  return new TranscriptParseError(
    `${subject} is ${describeShape(input)}, not a transcript prunescope can read. Supported: ${SUPPORTED_FORMATS}. ` +
      `Closest: ${FORMAT_NAMES[near.format]}${but}.`,
    { formatsTried: tried, closestFormat: near.format },
  );
}

/**
 * JSONL goes to the JSONL format its records resemble (rollout lines carry a `payload`). A document goes to the format
 * that read furthest: a reason naming record N means the container was accepted and N−1 records fitted.
 */
function closest(source: TranscriptSource, tried: readonly Tried[]): { format: TranscriptFormat; reason: string | undefined } {
  const reasonOf = (format: TranscriptFormat): string | undefined => tried.find((t) => t.format === format)?.reason;
  if (source.kind === 'lines') {
    const rollout = source.lines.some(({ value }) => value !== null && typeof value === 'object' && 'payload' in value);
    const format: TranscriptFormat = rollout ? 'openai-responses' : 'claude-code';
    return { format, reason: reasonOf(format) };
  }
  let best: TranscriptFormat = 'anthropic';
  let reached = 0;
  for (const format of DOCUMENT_FORMATS) {
    const match = /^(?:message|item) (\d+) /.exec(reasonOf(format) ?? '');
    const n = match ? Number(match[1]) : 0;
    if (n > reached) {
      best = format;
      reached = n;
    }
  }
  return { format: best, reason: reasonOf(best) };
}

function describeShape(source: TranscriptSource): string {
  if (source.kind === 'lines') {
    const n = source.lines.length;
    return `JSON Lines (${n} record${n === 1 ? '' : 's'})`;
  }
  const { value } = source;
  if (Array.isArray(value)) {
    return value.length === 0 ? 'an empty JSON array' : `a JSON array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  if (value === null) return 'JSON null';
  if (typeof value !== 'object') return `a JSON ${typeof value}`;
  const keys = Object.keys(value);
  if (keys.length === 0) return 'an empty JSON object';
  const shown = keys.slice(0, 5).map((k) => `\`${k}\``).join(', ');
  return `a JSON object with the key${keys.length === 1 ? '' : 's'} ${shown}${keys.length > 5 ? ', …' : ''}`;
}
