/**
 * The CLI's exit codes and the errors that carry them. Every message says what went wrong and where (the file, the
 * line and column, the flag), so a script's log is enough to act on.
 */

/** 0: done, nothing to report. */
export const EXIT_OK = 0;
/** 1: done, and problems were found (the API would reject a request, a bound could not be met, a file was skipped). */
export const EXIT_PROBLEMS = 1;
/** 2: nothing was done: bad usage, or an input that cannot be read or parsed. */
export const EXIT_USAGE = 2;
/** 3: a bug in prunescope; the message carries the stack. */
export const EXIT_BUG = 3;

/** An error the user can fix: bad flags, an unreadable or unparsable file. Exit code 2. */
export class CliError extends Error {
  override readonly name = 'CliError';
  readonly exitCode: number;

  constructor(message: string, exitCode: number = EXIT_USAGE) {
    super(message);
    this.exitCode = exitCode;
  }
}
