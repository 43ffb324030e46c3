/**
 * A line that states an error: `TypeError: …`, `error[E0308]: …`, `fatal: …`, `FAIL src/x.test.ts`, `panicked at …`.
 * `statedLine` tries it only on text holding what every match holds (`STATED_WORDS`, `afterWord`): a new alternative
 * here needs its mark there too, and a case in the test of every form.
 */
const ERROR_LINE =
  /^[ \t]*(?:[A-Z][\w.]*(?:Error|Exception)\b|(?:error|fatal)(?:\[[A-Z]?\d+\])?:|FAIL\b|npm ERR!|thread '.*' panicked at|panic:).*$/m;
/** A compiler's or linter's located error: `src/a.ts(52,53): error TS2345: …`, `a.c:3:1: error: …`. */
const LOCATED_ERROR = /\berror(?: [A-Z]+\d+)?:/;
/** Lines that frame a result rather than say anything: exit codes, timings, `Output:` headers, npm's script echo. */
const FRAME_LINE = /^\s*(?:Exit code:?\s*-?\d+|Wall time:.*|Output:|Process exited with code -?\d+|> .*)\s*$/i;
/** Words some ERROR_LINE alternatives hold whole (the others: a `:` or `[` after `error` or `fatal`, a `:` after `panic`). */
const STATED_WORDS = ['Error', 'Exception', 'FAIL', 'ERR!', "' panicked at"];
const STACK_SIGNATURE = /Traceback \(most recent call last\)|\n\s+at \S[^\n]*[:(]\d+/;

const HEAD = 4000;
const TAIL = 2000;
/** Traces in output that did not fail are looked for at its start only: they are a bonus, and every run pays. */
const TRACE_HEAD = 2000;

/**
 * The line that best says what went wrong in a tool result: the first line stating an error (searched in the first
 * 4,000 then the last 2,000 characters), else the first located compiler error (`file(1,2): error TS…`), else the
 * first line with content. Codex's JSON-wrapped output is unwrapped first. With `tracesOnly`, for results not
 * flagged as failed, a line is returned only when the first 2,000 characters hold a stack trace (a Python
 * traceback or JavaScript `at …:line` frames) and state its error, so a file that merely mentions `Error` is no error.
 */
export function errorLineOf(resultText: string, tracesOnly = false): string | undefined {
  if (tracesOnly) {
    const head = resultText.length > TRACE_HEAD ? resultText.slice(0, TRACE_HEAD) : resultText;
    // A cheap necessary condition first: the line a trace states (ERROR_LINE) names an Error or an Exception, and
    // most outputs hold neither word, so they never meet a regex.
    if ((!head.includes('Error') && !head.includes('Exception')) || !STACK_SIGNATURE.test(head)) return undefined;
    return ERROR_LINE.exec(head)?.[0].trim();
  }
  const text = unwrapCodexOutput(resultText);
  const head = text.length > HEAD ? text.slice(0, HEAD) : text;
  const tail = text.length > HEAD ? text.slice(Math.max(HEAD, text.length - TAIL)) : '';
  const stated = statedLine(head) ?? statedLine(tail);
  if (stated !== undefined) return stated;
  // Every LOCATED_ERROR match ends in a colon, which most outputs that state no error lack.
  const located = (head.includes(':') ? lineAround(head, LOCATED_ERROR) : undefined) ?? (tail.includes(':') ? lineAround(tail, LOCATED_ERROR) : undefined);
  if (located !== undefined) return located;
  // The first 64 lines as `split('\n', 64)` gives them, cut one at a time: the answer is nearly always the first, and
  // the split cut all 64 (a 4,000-character output holds about that many).
  for (let start = 0, k = 0; k < 64; k++) {
    const end = head.indexOf('\n', start);
    const line = head.slice(start, end < 0 ? head.length : end);
    if (line.trim() !== '' && !FRAME_LINE.test(line)) return line.trim();
    if (end < 0) break;
    start = end + 1;
  }
  return undefined;
}

/**
 * ERROR_LINE's line in `text`, tried only when `text` holds what every match holds: `Error`, `Exception`, `FAIL`,
 * `ERR!` (of `npm ERR!`), `' panicked at`, or a `:` or `[` right after `error` or `fatal` (or a `:` after `panic`).
 * Searches for characters that are rare in prose, where the regex tried its `^` at every character: the summary
 * writes this line for each failure it shows (250 outputs of up to 6,000 characters a plan).
 */
function statedLine(text: string): string | undefined {
  const may = STATED_WORDS.some((word) => text.includes(word)) || afterWord(text, ':') || afterWord(text, '[');
  return may ? ERROR_LINE.exec(text)?.[0].trim() : undefined;
}

/** Whether some `mark` in `text` comes right after `error` or `fatal`, or (a colon) after `panic`. */
function afterWord(text: string, mark: string): boolean {
  for (let i = text.indexOf(mark, 5); i >= 0; i = text.indexOf(mark, i + 1)) {
    const word = text.slice(i - 5, i);
    if (word === 'error' || word === 'fatal' || (word === 'panic' && mark === ':')) return true;
  }
  return false;
}

/** The line holding the first match: anchoring a `^.*…` pattern instead would backtrack at every line. */
function lineAround(text: string, pattern: RegExp): string | undefined {
  const match = pattern.exec(text);
  if (!match) return undefined;
  const start = text.lastIndexOf('\n', match.index) + 1;
  const end = text.indexOf('\n', match.index);
  return text.slice(start, end < 0 ? text.length : end).trim();
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
