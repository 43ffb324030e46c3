/** Characters read from each end of a text: errors show in a tool output's first or last lines. */
const HEAD_CHARS = 800;
const TAIL_CHARS = 600;

/**
 * What a tool says when the call itself failed, as the whole of its output: true of a file read as of a command.
 * Checked at the start of the output only.
 */
const TOOL_FAILURES: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [/\[Errno \d+\]|\bENOENT\b|\bEACCES\b/, (m) => m[0]],
  [/No such file or directory|Permission denied|command not found|failed in sandbox/, (m) => m[0]],
  [/<tool_use_error>/, () => 'tool_use_error'],
  [/\b(rejected by (the )?user|was rejected)\b/, () => 'rejected'],
  [/^(Invalid|Unknown|Missing|Unrecognized)\b.{0,40}\b(parameter|argument|option)\b/m, () => 'invalid parameter'],
];
const TOOL_FAILURE_CHARS = 300;

/** What a command's output or a pasted text shows of a failure, anywhere in what is read. */
const SIGNALS: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [/Traceback \(most recent call last\)/, () => 'Traceback'],
  [/^\s+at \S.*[:(]\d+/m, () => 'stack trace'],
  [/^\s*File ".+", line \d+/m, () => 'stack trace'],
  [/\bexit(?:ed)?(?: with)? (?:code|status)[: ]+([1-9]\d*)/i, (m) => `exit code ${m[1]}`],
  [/"exit_code":\s*([1-9]\d*)/, (m) => `exit code ${m[1]}`],
  [/^(\w*(?:Error|Exception))\b[:(]/m, (m) => `${m[1]}`],
  [/\*\* \((\w+(?:Error|Exception))\)/, (m) => `${m[1]}`],
  [/^(error|fatal)(\[\w+\])?: /im, (m) => `${m[1]?.toLowerCase()}:`],
  [/\bpanic(?:ked)?[: ]/, () => 'panic'],
  [/\b([1-9]\d*) (failed|failures?|errors?)\b/, (m) => `${m[1]} ${m[2]}`],
  [/\b(FAILED|FAIL)\b/, (m) => `${m[1]}`],
  [/\bEADDRINUSE\b|Segmentation fault/, (m) => m[0]],
  ...TOOL_FAILURES,
];

/**
 * The first sign that a tool output or pasted text reports a failure, as a short label for evidence (`Traceback`,
 * `exit code 2`, `TypeError`, `3 failed`, `ENOENT`), or `undefined`. Reads only the first 800 and last 600
 * characters, so an 80k-character output costs what a short one does. "0 failures" and `exit_code: 0` are no signal.
 *
 * `scope: 'tool-failure'` looks only for the call itself failing (`No such file or directory`, `Invalid … parameter`,
 * rejected by the user) in the first 300 characters: for a file read or a search, whose output is content in which
 * "TypeError:" or "3 failed" mean nothing about the call. Default is `'any'`.
 */
export function findErrorSignal(text: string, scope: 'any' | 'tool-failure' = 'any'): string | undefined {
  if (scope === 'tool-failure') return firstMatch(TOOL_FAILURES, text.slice(0, TOOL_FAILURE_CHARS));
  const sample = text.length <= HEAD_CHARS + TAIL_CHARS ? text : `${text.slice(0, HEAD_CHARS)}\n${text.slice(-TAIL_CHARS)}`;
  return firstMatch(SIGNALS, sample);
}

function firstMatch(signals: readonly [RegExp, (match: RegExpExecArray) => string][], text: string): string | undefined {
  for (const [pattern, label] of signals) {
    const match = pattern.exec(text);
    if (match !== null) return label(match);
  }
  return undefined;
}
