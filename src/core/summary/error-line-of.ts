/** A line that states an error: `TypeError: …`, `error[E0308]: …`, `fatal: …`, `FAIL src/x.test.ts`, `panicked at …`. */
const ERROR_LINE =
  /^\s*(?:[A-Z][\w.]*(?:Error|Exception)\b|(?:error|fatal)(?:\[[A-Z]?\d+\])?:|FAIL\b|npm ERR!|thread '.*' panicked at|panic:)/;
/** A compiler's or linter's located error: `src/a.ts(52,53): error TS2345: …`, `a.c:3:1: error: …`. */
const LOCATED_ERROR = /\berror(?: [A-Z]+\d+)?:/;
/** Lines that frame a result rather than say anything: exit codes, timings, `Output:` headers, npm's script echo. */
const FRAME_LINE = /^\s*(?:Exit code:?\s*-?\d+|Wall time:.*|Output:|Process exited with code -?\d+|> .*)\s*$/i;
const STACK_SIGNATURE = /Traceback \(most recent call last\)|\n\s+at \S[^\n]*[:(]\d+/;

const HEAD = 4000;
const TAIL = 2000;

/**
 * The line that best says what went wrong in a tool result: the first line stating an error (searched in the first
 * 4,000 then the last 2,000 characters), else the first located compiler error (`file(1,2): error TS…`), else the
 * first line with content. Codex's JSON-wrapped output is unwrapped first. With `tracesOnly`, for results not
 * flagged as failed, a line is returned only when the text holds a stack trace (a Python traceback or JavaScript
 * `at …:line` frames) and states its error, so a file that merely mentions `Error` is no error.
 */
export function errorLineOf(resultText: string, tracesOnly = false): string | undefined {
  const text = unwrapCodexOutput(resultText);
  const head = text.length > HEAD ? text.slice(0, HEAD) : text;
  const tail = text.length > HEAD ? text.slice(Math.max(HEAD, text.length - TAIL)) : '';
  if (tracesOnly && !STACK_SIGNATURE.test(head) && !STACK_SIGNATURE.test(tail)) return undefined;
  const lines = [...head.split('\n'), ...tail.split('\n')];
  for (const line of lines) if (ERROR_LINE.test(line)) return line.trim();
  if (tracesOnly) return undefined;
  for (const line of lines) if (LOCATED_ERROR.test(line)) return line.trim();
  for (const line of head.split('\n')) if (line.trim() !== '' && !FRAME_LINE.test(line)) return line.trim();
  return undefined;
}

function unwrapCodexOutput(text: string): string {
  if (!text.startsWith('{"output":')) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    const output = (parsed as { output?: unknown }).output;
    return typeof output === 'string' ? output : text;
  } catch {
    return text;
  }
}
