import { createCallInputReading } from './create-call-input-reading';
import { readCallInput } from './read-call-input';

/** Filled by each call (a call allocates nothing of its own unless its input names files or a todo list). */
const reading = createCallInputReading();

/**
 * The command line a tool call runs, or undefined when it is not a shell call (Claude Code's Bash, Codex's shell /
 * local_shell / exec_command, and the usual others, by name): `input.command` (a string, or an argv array, whose
 * `bash -lc SCRIPT` form gives SCRIPT) or `input.cmd`, or a shell tool's string input. Read by `readCallInput`,
 * which the summary calls for this and the call's files and todo list at once.
 */
export function commandText(name: unknown, input: unknown): string | undefined {
  readCallInput(name, input, reading);
  return reading.command;
}
