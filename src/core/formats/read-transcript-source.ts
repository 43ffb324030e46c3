import { findJsonSyntaxError } from './find-json-syntax-error';
import { TranscriptParseError } from './transcript-parse-error';
import type { JsonLine, ParseWarning, TranscriptSource } from './format-types';

/**
 * Parses the text once: as one JSON document, or as JSON Lines when it is not one.
 *
 * JSONL is recognised by its first line being a complete JSON value on its own; `JSON.parse` of the whole text then
 * stops at the second line, so trying the document first costs little. Bad JSONL lines are skipped with a warning
 * (a truncated last line is what a crashed agent leaves); a bad document is an error with line and column, and YAML
 * is named as such by `nameForeign`, asked before the syntax error. `subject` names the input in errors: `The file` or
 * `The pasted text`.
 */
export function readTranscriptSource(
  text: string,
  subject = 'The file',
  nameForeign?: (body: string) => TranscriptParseError | undefined,
): TranscriptSource {
  let start = 0;
  if (text.charCodeAt(0) === 0xfeff) start = 1;
  while (start < text.length && isSpace(text.charCodeAt(start))) start++;
  if (start >= text.length) {
    throw new TranscriptParseError(
      text.length === 0 ? `${subject} is empty.` : `${subject} holds only whitespace: there is no transcript in it.`,
    );
  }
  const body = start === 0 ? text : text.slice(start);
  let documentError: unknown;
  try {
    return { kind: 'document', value: JSON.parse(body) };
  } catch (error) {
    documentError = error;
  }

  if (looksLikeJsonLines(text, start)) return { kind: 'lines', ...readLines(text, start) };
  // YAML is not broken JSON: name it instead of pointing at its first colon.
  const foreign = nameForeign?.(body);
  if (foreign !== undefined) throw foreign;

  // A binary file read as text: its first bytes say so (a NUL, or what a decoder made of bytes that are not UTF-8),
  // where a syntax error would point at an invisible character.
  const binary = firstBinaryCharacter(body);
  if (binary !== -1) {
    throw new TranscriptParseError(`${subject} is not text (a ${body.charCodeAt(binary) === 0 ? 'NUL byte' : 'byte that is not UTF-8'} at character ${binary + 1 + start}): it looks like a binary file, not a transcript in JSON or JSON Lines.`);
  }
  const where = findJsonSyntaxError(text, 0);
  if (where === undefined) {
    // The scanner and the engine disagree (e.g. a nesting limit): still say something useful.
    throw new TranscriptParseError(`${subject} is not valid JSON: ${String((documentError as Error).message)}`);
  }
  throw new TranscriptParseError(
    `${subject} is not valid JSON or JSON Lines: ${where.reason} at line ${where.line}, column ${where.column}.`,
    { line: where.line, column: where.column },
  );
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

function onlySpaceAfter(text: string, from: number): boolean {
  for (let k = from; k < text.length; k++) if (!isSpace(text.charCodeAt(k))) return false;
  return true;
}

function isJsonRecord(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object';
  } catch {
    return false;
  }
}

/**
 * JSONL when the first line is a record on its own, or, for a file whose first line is damaged, when the next two
 * lines both are. A pretty-printed JSON array of one-line objects never has two in a row: all but the last end in a
 * comma, so a truncated array is still reported as broken JSON with its position.
 */
function looksLikeJsonLines(text: string, start: number): boolean {
  const lines: string[] = [];
  let from = start;
  while (lines.length < 3 && from < text.length) {
    const end = lineEnd(text, from);
    const line = text.slice(from, end).trim();
    if (line !== '') lines.push(line);
    from = end + 1;
  }
  const [first = '', second, third] = lines;
  if (isJsonRecord(first)) return true;
  return second !== undefined && third !== undefined && isJsonRecord(second) && isJsonRecord(third);
}

function readLines(text: string, start: number): { lines: JsonLine[]; warnings: ParseWarning[] } {
  const lines: JsonLine[] = [];
  const warnings: ParseWarning[] = [];
  // Line numbers count from the top of the file, including any blank lines skipped before `start`.
  let lineNumber = 1;
  for (let k = 0; k < start; k++) if (text.charCodeAt(k) === 10) lineNumber++;
  let from = start;
  while (from > 0 && text.charCodeAt(from - 1) !== 10) from--;
  while (from < text.length) {
    const end = lineEnd(text, from);
    let last = end;
    if (last > from && text.charCodeAt(last - 1) === 13) last--;
    let first = from;
    while (first < last && isSpace(text.charCodeAt(first))) first++;
    if (first < last) {
      try {
        lines.push({ line: lineNumber, value: JSON.parse(text.slice(first, last)) });
      } catch {
        const where = findJsonSyntaxError(text, first, last);
        const isLast = onlySpaceAfter(text, end);
        const why = where ? `${where.reason} at column ${where.column + (first - from)}` : 'not valid JSON';
        warnings.push({
          line: lineNumber,
          message: `Line ${lineNumber} skipped: ${why}${isLast ? ' (the last line looks truncated)' : ''}.`,
        });
      }
    }
    from = end + 1;
    lineNumber++;
  }
  return { lines, warnings };
}

/** The first NUL or U+FFFD (a decoder's replacement for bytes that are not UTF-8) in the first 4,096 characters, or -1. */
function firstBinaryCharacter(body: string): number {
  const end = Math.min(body.length, 4096);
  for (let i = 0; i < end; i++) {
    const code = body.charCodeAt(i);
    if (code === 0 || code === 0xfffd) return i;
  }
  return -1;
}
