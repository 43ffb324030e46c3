import { createCallInputReading } from './create-call-input-reading';
import { readCallInput } from './read-call-input';

/** Read-only: the lists may be shared between calls (`NONE`, `EMPTY`), so a caller that mutated one would change every answer. */
export interface CallFiles {
  readonly read: readonly string[];
  readonly changed: readonly string[];
}

/** What most calls touch; shared, so the common case allocates nothing. */
const NONE: CallFiles = Object.freeze({ read: Object.freeze([]), changed: Object.freeze([]) });
const reading = createCallInputReading();

/**
 * The files a tool call reads or changes, from its input: path keys (`file_path`, `path`, `notebook_path`, …),
 * classed by the tool's name (Write, Edit, apply_patch… change; Grep, Glob… search and count as neither),
 * `str_replace_editor`'s `view` command, `apply_patch` envelopes (a custom tool's text input or a shell
 * heredoc), and simple shell reads such as `cat FILE` or `sed -n '1,200p' FILE`. The result is read-only. Read by
 * `readCallInput`, which the summary calls for this and the call's command and todo list at once.
 */
export function filePathsOfCall(name: unknown, input: unknown): Readonly<CallFiles> {
  readCallInput(name, input, reading);
  const { read, changed, one } = reading;
  if (read.length === 0 && changed.length === 0) return NONE;
  // The reading's one-path list is refilled by the next read: the answer, which a caller may keep, has its own.
  return { read: read === one ? [...one] : read, changed: changed === one ? [...one] : changed };
}
