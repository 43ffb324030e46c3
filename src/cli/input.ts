/** Reading a transcript for a command: the file or stdin, parsed, with errors that say where. */
import { basename } from 'node:path';
import { lastSentConversation, listFormats, parseTranscript, TranscriptParseError, type Conversation, type ParsedTranscript, type Provider, type TranscriptFormat } from '../lib/formats';
import { readChoice, readInteger, single, type FlagValues } from './args';
import { CliError } from './errors';
import type { Io } from './io';

/** The `--format` / `--to` names: the format registry's ids. */
export const FORMATS: readonly TranscriptFormat[] = listFormats().map((format) => format.id);
/** The `--provider` names: the formats that are an API's own. */
export const PROVIDERS: readonly Provider[] = listFormats().flatMap((format) => (format.apiLabel === undefined ? [] : [format.id as Provider]));

export interface LoadedTranscript {
  /** As given on the command line; `-` for stdin. */
  path: string;
  /** For messages: the path, or `<stdin>`. */
  label: string;
  text: string;
  parsed: ParsedTranscript;
}

/** Why a file could not be read, in words (Node's codes are for programs). */
export function describeReadError(label: string, error: unknown): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ENOENT':
      return `${label}: no such file`;
    case 'EISDIR':
      return `${label}: is a directory, not a transcript file`;
    case 'EACCES':
    case 'EPERM':
      return `${label}: permission denied`;
    default:
      return `${label}: cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** The text as `parseTranscript` reads it; throws `CliError` (exit 2) with the file, line and column. */
export function parseText(label: string, text: string, format: TranscriptFormat | undefined): ParsedTranscript {
  try {
    return parseTranscript(text, { fileName: label === '<stdin>' ? undefined : basename(label), ...(format ? { format } : {}) });
  } catch (error) {
    if (error instanceof TranscriptParseError) {
      const where = error.line !== undefined ? `${label}:${error.line}${error.column !== undefined ? `:${error.column}` : ''}` : label;
      throw new CliError(`${where}: ${error.message}`);
    }
    throw error;
  }
}

export async function loadTranscript(io: Io, path: string, format: TranscriptFormat | undefined): Promise<LoadedTranscript> {
  const label = path === '-' ? '<stdin>' : path;
  let text: string;
  try {
    text = await io.readText(path);
  } catch (error) {
    throw new CliError(describeReadError(label, error));
  }
  const parsed = parseText(label, text, format);
  for (const warning of parsed.warnings) {
    io.stderr(`${label}${warning.line !== undefined ? `:${warning.line}` : ''}: warning: ${warning.message}\n`);
  }
  return { path, label, text, parsed };
}

/**
 * The conversations `--conversation` names (an id, or a 1-based number when no id matches), or all of them. An
 * unknown id is an error that lists the ids there are.
 */
export function selectConversations(command: string, loaded: LoadedTranscript, wanted: string | undefined): Conversation[] {
  const all = loaded.parsed.conversations;
  if (wanted === undefined) return all;
  const byId = all.filter((c) => c.id === wanted);
  if (byId.length > 0) return byId;
  if (/^\d+$/.test(wanted)) {
    const n = Number(wanted);
    if (n >= 1 && n <= all.length) return [all[n - 1] as Conversation];
  }
  const ids = all.slice(0, 10).map((c) => c.id).join(', ');
  throw new CliError(
    `${command}: ${loaded.label} has no conversation ${JSON.stringify(wanted)}; it holds ${all.length} (${ids}${all.length > 10 ? ', …' : ''}), or give a number from 1 to ${all.length}`,
  );
}

/** The 1-based source line of a message, when the format has lines (JSONL). */
export function lineOf(conversation: Conversation, messageIndex: number): number | undefined {
  return conversation.sourceLines?.[messageIndex]?.[0];
}

/** The `--whole-history` flag of the commands that read what the agent sent. */
export const WHOLE_HISTORY_HELP = `--whole-history        the whole log, compacted messages too (default: a compacted session from its last
                         compaction on, what the agent last sent, as the inspector opens it)`;

/**
 * What a command works on: what the agent last sent (from the last compaction boundary on), unless `wholeHistory`;
 * says so on stderr when it leaves messages out, so a count never silently differs from the file's.
 */
export function scopeConversation(command: string, io: Io, label: string, conversation: Conversation, wholeHistory: boolean): { conversation: Conversation; offset: number } {
  if (wholeHistory) return { conversation, offset: 0 };
  const scoped = lastSentConversation(conversation);
  if (scoped.offset > 0) {
    const n = conversation.messages.length;
    io.stderr(`${label}: ${conversation.id} was compacted: ${command} reads what the agent last sent, messages ${scoped.offset + 1}–${n} of ${n} (--whole-history for all)\n`);
  }
  return scoped;
}

/** A `--merge` part: the JSON another run of `command --json` wrote, parsed; unreadable or not JSON is a usage error. */
export async function readMergePart(io: Io, command: string, path: string): Promise<unknown> {
  let text: string;
  try {
    text = await io.readText(path);
  } catch (error) {
    throw new CliError(describeReadError(path, error));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError(`${path}: not JSON (${error instanceof Error ? error.message : String(error)}); --merge reads the output of prunescope ${command} --json`);
  }
}

/** `--jobs` (default: the cores) and `--format` (default: detected), as `report` and `advise` read them. */
export function readCorpusFlags(command: string, io: Io, values: FlagValues): { jobs: number; format: TranscriptFormat | undefined } {
  const jobsText = single(command, values, 'jobs');
  const formatText = single(command, values, 'format');
  return {
    jobs: jobsText === undefined ? io.cpus : readInteger(command, 'jobs', jobsText, 1, 256),
    format: formatText === undefined ? undefined : readChoice(command, 'format', formatText, FORMATS),
  };
}
