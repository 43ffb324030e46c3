import type { Detection, FormatDefinition } from './format-types';
import { getFormat } from './get-format';
import { readTranscriptSource } from './read-transcript-source';
import { FORMAT_REGISTRY } from './registry';
import { TranscriptParseError } from './transcript-parse-error';
import { unsupportedFormatError } from './unsupported-format-error';
import type { Conversation, ParseOptions, ParsedTranscript, ParseWarning, TranscriptFormat } from './types';

type Format = FormatDefinition<TranscriptFormat>;
const FORMATS: readonly Format[] = FORMAT_REGISTRY;

/**
 * Reads a transcript in any registered format (`registry.ts`) into canonical conversations. Each format says how
 * well the input fits it; the most confident of those that read it wins (the first in the registry on a tie).
 *
 * Throws only `TranscriptParseError`: for empty input, JSON broken beyond recovery (with line and column), or a shape
 * no format accepts (named when it is a known foreign format such as a Gemini CLI session, with the closest supported
 * format; each format's reason in `formatsTried`). `options.origin` names the input in messages (default `'file'`).
 *
 * @throws {TypeError} when `options.origin` is neither `'file'` nor `'paste'` (a caller's mistake, not the input's) Bad lines in JSONL are skipped and reported as warnings instead;
 * bookkeeping records (progress events, snapshots, UI echoes) are left out and counted in `skipped`.
 * Pure: no DOM and no Node built-ins, so it runs in the inspector's Web Worker.
 */
export function parseTranscript(text: string, options: ParseOptions = {}): ParsedTranscript {
  const { origin = 'file' } = options;
  if (origin !== 'file' && origin !== 'paste') {
    throw new TypeError(`parseTranscript: options.origin must be 'file' or 'paste', got ${JSON.stringify(origin)}`);
  }
  const subject = origin === 'paste' ? 'The pasted text' : 'The file';
  let source = readTranscriptSource(text, subject, (body) => unsupportedFormatError(body, subject));
  // A one-line JSONL file parses as a single document; a lone session or rollout record is still JSONL.
  if (source.kind === 'document' && isLoneRecord(source.value)) {
    source = { kind: 'lines', lines: [{ line: 1, value: source.value }], warnings: [] };
  }
  const warnings: ParseWarning[] = source.kind === 'lines' ? [...source.warnings] : [];

  let format: Format;
  if (options.format !== undefined) {
    format = getFormat(options.format, 'parseTranscript');
    const { reads, reason } = format.detect(source);
    if (!reads) {
      throw new TranscriptParseError(`${subject} is not ${format.name}: ${reason}.`, {
        formatsTried: [{ format: format.id, reason }],
      });
    }
  } else {
    const tried: ({ format: TranscriptFormat } & Detection)[] = [];
    let best: { format: Format; confidence: number } | undefined;
    for (const candidate of FORMATS) {
      const detection = candidate.detect(source);
      if (!detection.reads) tried.push({ format: candidate.id, ...detection });
      else if (best === undefined || detection.confidence > best.confidence) best = { format: candidate, confidence: detection.confidence };
      if (best !== undefined && best.confidence >= 1) break;
    }
    if (best === undefined) throw unsupportedFormatError(source, subject, tried);
    format = best.format;
  }

  let conversations: Conversation[];
  const skipped = new Map<string, number>();
  try {
    conversations = format.parse(source, { fileName: options.fileName, text, warnings, skipped });
  } catch (error) {
    if (error instanceof TranscriptParseError) throw error;
    // The shape checks look at a sample; a record deep in a huge file can still surprise a reader.
    throw new TranscriptParseError(
      `${subject} looked like ${format.name} but could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // Whatever the shape, a file with nothing to prune is an error, like an empty array: `{ "messages": [] }` or a
  // session log of only bookkeeping lines would otherwise open as a blank timeline.
  const left = [...skipped].map(([type, count]) => ({ type, count }));
  if (conversations.every((conversation) => conversation.messages.length === 0)) {
    const notes = [...left.map((s) => `${s.type}: ${s.count}`), ...warnings.map((w) => w.message)];
    throw new TranscriptParseError(`${subject} is ${format.name} but holds no messages${notes.length > 0 ? ` (${notes.join('; ')})` : ''}.`);
  }
  return { format: format.id, conversations, warnings, skipped: left };
}

function isLoneRecord(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return FORMATS.some((format) => format.isLoneRecord?.(record) === true);
}
