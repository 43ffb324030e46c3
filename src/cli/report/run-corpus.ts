import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { listFormats, transcriptExtensions, type Conversation, type TranscriptFormat } from '../../lib/formats';
import { describeReadError, parseText, scopeConversation } from '../input';
import type { Io } from '../io';
import { createProgress } from '../progress';
import { errorText } from './analyze-conversation';
import type { ConversationTask, FileOutcome } from './types';

/** Files a directory contributes: those with an extension some format reads (`.json`, `.jsonl`, SWE-agent's `.traj`). */
const TRANSCRIPT_EXTENSIONS = new Set(transcriptExtensions());

export interface CorpusOptions {
  command: string;
  format: TranscriptFormat | undefined;
  wholeHistory: boolean;
  /** At most this many conversations in flight, so a large corpus is not all in memory at once. */
  inFlight: number;
  /** Files already done (a resumed run): skipped without being read. */
  skip?: ReadonlySet<string>;
}

/**
 * The corpus loop `report` and `advise` share: files read one after another (directories searched), each parsed and
 * its conversations handed to `run` (a worker pool, or in-process) with what the file recorded, with progress on a
 * terminal. A file that cannot be read or parsed is reported on stderr and listed with its error, never fatal.
 */
export async function runCorpus<O>(io: Io, positionals: readonly string[], options: CorpusOptions, run: (task: ConversationTask) => Promise<O>): Promise<{ files: FileOutcome[]; outcomes: O[] }> {
  const { command } = options;
  const paths = (await collectFiles(positionals)).filter((entry) => options.skip?.has(entry.file) !== true);
  const files: FileOutcome[] = [];
  const pending: Promise<O>[] = [];
  const progress = createProgress(io, io.stderrIsTTY);
  let done = 0;
  let wake: (() => void) | undefined;
  const skip = (file: string, message: string) => {
    files.push({ file, conversations: 0, error: message });
    io.stderr(`${message.replace(/\.$/, '')}; skipped\n`);
  };
  try {
    for (const entry of paths) {
      if ('error' in entry) {
        skip(entry.file, entry.error);
        continue;
      }
      const label = entry.file === '-' ? '<stdin>' : entry.file;
      let text: string;
      try {
        text = await io.readText(entry.file);
      } catch (error) {
        skip(entry.file, describeReadError(label, error));
        continue;
      }
      let parsed;
      try {
        parsed = parseText(label, text, options.format);
      } catch (error) {
        skip(entry.file, errorText(error));
        continue;
      }
      files.push({ file: entry.file, format: parsed.format, conversations: parsed.conversations.length });
      for (const whole of parsed.conversations) {
        while (pending.length - done >= options.inFlight) await new Promise<void>((resolve) => (wake = resolve));
        const { conversation } = scopeConversation(command, io, entry.file, whole, options.wholeHistory);
        const outcome = run({
          file: entry.file,
          id: conversation.id,
          format: conversation.format,
          ...(conversation.system !== undefined ? { system: conversation.system } : {}),
          messages: conversation.messages,
          // A scoped conversation keeps its records: the worker reads the requests after the last compaction from it.
          ...replayReading(conversation, text),
        });
        pending.push(
          outcome.then((o) => {
            done++;
            progress.update(`${command}: ${done} of ${pending.length} conversations, ${files.length} of ${paths.length} files`, done / pending.length);
            wake?.();
            wake = undefined;
            return o;
          }),
        );
      }
    }
    return { files, outcomes: await Promise.all(pending) };
  } finally {
    progress.done();
  }
}

/**
 * What the replay reads beyond the messages, for a format whose files record usage (the fixed part, compactions,
 * times and cache are read from it): the conversation, and the file's text when the usage is on lines the parser
 * skips. A format without usage gives nothing more, so a large message array is not sent to a thread twice.
 */
function replayReading(conversation: Conversation, text: string): Pick<ConversationTask, 'conversation' | 'text'> {
  const info = listFormats().find((format) => format.id === conversation.format);
  if (info?.recordsUsage !== true) return {};
  return { conversation, ...(info.usageInText ? { text } : {}) };
}

/** The files the arguments name: files as given (- is standard input), directories searched (sorted, so runs are comparable). */
export async function collectFiles(paths: readonly string[]): Promise<({ file: string } | { file: string; error: string })[]> {
  const out: ({ file: string } | { file: string; error: string })[] = [];
  for (const path of paths) {
    if (path === '-') {
      out.push({ file: path });
      continue;
    }
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      out.push({ file: path, error: describeReadError(path, error) });
      continue;
    }
    if (!info.isDirectory()) {
      out.push({ file: path });
      continue;
    }
    const names = (await readdir(path, { recursive: true })).filter((name) => TRANSCRIPT_EXTENSIONS.has(extname(name).toLowerCase())).sort();
    for (const name of names) out.push({ file: join(path, name) });
  }
  return out;
}
