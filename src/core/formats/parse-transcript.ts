import { explainFormatMismatch } from './explain-format-mismatch';
import { FORMAT_NAMES } from './format-names';
import { parseAnthropic } from './parse-anthropic';
import { parseClaudeCode } from './parse-claude-code';
import { parseOpenAIChat } from './parse-openai-chat';
import { parseOpenAIResponses } from './parse-openai-responses';
import { readTranscriptSource } from './read-transcript-source';
import { TranscriptParseError } from './transcript-parse-error';
import type { TranscriptSource } from './transcript-source';
import { unsupportedFormatError } from './unsupported-format-error';
import type { Conversation, ParseOptions, ParsedTranscript, ParseWarning, TranscriptFormat } from './types';

/** Asked in this order: the JSONL formats first, then the more specific document shapes before the looser ones. */
const DETECTION_ORDER: readonly TranscriptFormat[] = ['claude-code', 'openai-responses', 'anthropic', 'openai-chat'];

/**
 * Reads a transcript in any of the four formats into canonical conversations.
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
  let source = readTranscriptSource(text, subject);
  // A one-line JSONL file parses as a single document; a lone session or rollout record is still JSONL.
  if (source.kind === 'document' && isLoneRecord(source.value)) {
    source = { kind: 'lines', lines: [{ line: 1, value: source.value }], warnings: [] };
  }
  const warnings: ParseWarning[] = source.kind === 'lines' ? [...source.warnings] : [];

  let format = options.format;
  if (format !== undefined) {
    const reason = explainFormatMismatch(source, format);
    if (reason !== undefined) {
      throw new TranscriptParseError(`${subject} is not ${FORMAT_NAMES[format]}: ${reason}.`, {
        formatsTried: [{ format, reason }],
      });
    }
  } else {
    const tried: { format: TranscriptFormat; reason: string }[] = [];
    for (const candidate of DETECTION_ORDER) {
      const reason = explainFormatMismatch(source, candidate);
      if (reason === undefined) {
        format = candidate;
        break;
      }
      tried.push({ format: candidate, reason });
    }
    if (format === undefined) throw unsupportedFormatError(source, subject, tried);
  }

  let conversations: Conversation[];
  const skipped = new Map<string, number>();
  try {
    conversations = read(source, format, options.fileName, warnings, skipped);
  } catch (error) {
    if (error instanceof TranscriptParseError) throw error;
    // The shape checks look at a sample; a record deep in a huge file can still surprise a reader.
    throw new TranscriptParseError(
      `${subject} looked like ${FORMAT_NAMES[format]} but could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // Whatever the shape, a file with nothing to prune is an error, like an empty array: `{ "messages": [] }` or a
  // session log of only bookkeeping lines would otherwise open as a blank timeline.
  const left = [...skipped].map(([type, count]) => ({ type, count }));
  if (conversations.every((conversation) => conversation.messages.length === 0)) {
    const notes = [...left.map((s) => `${s.type}: ${s.count}`), ...warnings.map((w) => w.message)];
    throw new TranscriptParseError(`${subject} is ${FORMAT_NAMES[format]} but holds no messages${notes.length > 0 ? ` (${notes.join('; ')})` : ''}.`);
  }
  return { format, conversations, warnings, skipped: left };
}

function read(
  source: TranscriptSource,
  format: TranscriptFormat,
  fileName: string | undefined,
  warnings: ParseWarning[],
  skipped: Map<string, number>,
): Conversation[] {
  switch (format) {
    case 'claude-code':
      return parseClaudeCode(source.kind === 'lines' ? source.lines : [], fileName, warnings, skipped);
    case 'openai-responses':
      return parseOpenAIResponses(source, fileName, warnings, skipped);
    case 'anthropic':
      return parseAnthropic(source.kind === 'document' ? source.value : [], fileName);
    case 'openai-chat':
      return parseOpenAIChat(source.kind === 'document' ? source.value : [], fileName, warnings);
  }
}

function isLoneRecord(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (typeof record.type !== 'string' || 'role' in record) return false;
  return 'payload' in record || 'sessionId' in record || ((record.type === 'user' || record.type === 'assistant') && 'message' in record);
}
