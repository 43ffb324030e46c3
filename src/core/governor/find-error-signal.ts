/** Characters read from each end of a text: errors show in a tool output's first or last lines. */
const HEAD_CHARS = 240;
const TAIL_CHARS = 240;
/** A failed call says so at once; only this much of a read's or a search's output is checked. */
const TOOL_FAILURE_CHARS = 300;

/**
 * A sign of failure: `find` runs only when one of `triggers` occurs in the text. One pass of a pattern of plain
 * words (`KEYWORDS`) finds which triggers occur; the patterns with anchors and word boundaries, which cannot skip
 * ahead, then run only where they can match.
 */
interface Signal {
  triggers: readonly string[];
  find: (text: string) => string | undefined;
}

const literal = (phrase: string, label = phrase): Signal => ({ triggers: [phrase], find: () => label });
const pattern = (triggers: readonly string[], regex: RegExp, label: (m: RegExpExecArray) => string): Signal => ({
  triggers,
  find: (text) => {
    const match = regex.exec(text);
    return match === null ? undefined : label(match);
  },
});

/** The call itself failed, whatever the tool: true of a file read as of a command. */
const TOOL_FAILURES: readonly Signal[] = [
  pattern(['[Errno ', 'ENOENT', 'EACCES'], /\[Errno \d+\]|\bENOENT\b|\bEACCES\b/, (m) => m[0]),
  literal('No such file or directory'),
  literal('Permission denied'),
  literal('command not found'),
  literal('failed in sandbox'),
  literal('<tool_use_error>', 'tool_use_error'),
  pattern(['rejected'], /\b(rejected by (the )?user|was rejected)\b/, () => 'rejected'),
  pattern(
    ['Invalid', 'Unknown', 'Missing', 'Unrecognized'],
    /^(Invalid|Unknown|Missing|Unrecognized)\b.{0,40}\b(parameter|argument|option)\b/m,
    () => 'invalid parameter',
  ),
];

/** A command's output or a pasted text shows a failure; in this order of precedence. */
const OUTCOMES: readonly Signal[] = [
  literal('Traceback (most recent call last)', 'Traceback'),
  pattern([' at ', '\tat ', 'File "'], /^[ \t]+at \S.*[:(]\d+|^[ \t]*File ".+", line \d+/m, () => 'stack trace'),
  pattern(
    ['xit code', 'xit status', 'xited with', 'exit_code'],
    /\b[Ee]xit(?:ed)?(?: with)? (?:code|status)[: ]+([1-9]\d*)|"exit_code":\s*([1-9]\d*)/,
    (m) => `exit code ${m[1] ?? m[2]}`,
  ),
  pattern(['Error', 'Exception'], /^(\w*(?:Error|Exception))\b[:(]|\*\* \((\w+(?:Error|Exception))\)/m, (m) => m[1] ?? m[2] ?? ''),
  pattern(
    ['error:', 'error[', 'Error:', 'Error[', 'ERROR:', 'fatal:', 'Fatal:', 'FATAL:'],
    /^([Ee]rror|ERROR|[Ff]atal|FATAL)(\[\w+\])?: /m,
    (m) => `${(m[1] ?? '').toLowerCase()}:`,
  ),
  pattern(['panic'], /\bpanic(ked)?[: ]/, () => 'panic'),
  pattern([' failed', ' failure', ' error'], /\b([1-9]\d*) (failed|failures?|errors?)\b/, (m) => `${m[1]} ${m[2]}`),
  pattern(['FAIL'], /\b(FAILED|FAIL)\b/, (m) => m[1] ?? 'FAIL'),
  literal('EADDRINUSE'),
  literal('Segmentation fault'),
  ...TOOL_FAILURES,
];

/**
 * The first sign that a tool output or pasted text reports a failure, as a short label for evidence (`Traceback`,
 * `exit code 2`, `TypeError`, `3 failed`, `ENOENT`), or `undefined`. Reads only the first 240 and last 240
 * characters, so an 80k-character output costs what a short one does. "0 failures" and `exit_code: 0` are no signal.
 *
 * `scope: 'tool-failure'` looks only for the call itself failing (`No such file or directory`, `Invalid … parameter`,
 * rejected by the user) in the first 300 characters: for a file read or a search, whose output is content in which
 * "TypeError:" or "3 failed" mean nothing about the call. Default is `'any'`.
 */
export function findErrorSignal(text: string, scope: 'any' | 'tool-failure' = 'any'): string | undefined {
  if (scope === 'tool-failure') return firstSignal(TOOL_FAILURES, text.slice(0, TOOL_FAILURE_CHARS));
  const sample = text.length <= HEAD_CHARS + TAIL_CHARS ? text : `${text.slice(0, HEAD_CHARS)}\n${text.slice(-TAIL_CHARS)}`;
  return firstSignal(OUTCOMES, sample);
}

// Longest first, so that at one position the longest trigger is the one matched; every trigger inside it counts too
// ("Error:" also sets off what "Error" sets off).
const TRIGGERS = [...new Set(OUTCOMES.flatMap((signal) => signal.triggers))].sort((a, b) => b.length - a.length);
const KEYWORDS = new RegExp(TRIGGERS.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
const INSIDE = new Map(TRIGGERS.map((t) => [t, TRIGGERS.filter((other) => t.includes(other)).map((other) => TRIGGERS.indexOf(other))]));
const SIGNAL_TRIGGERS = new Map(OUTCOMES.map((signal) => [signal, signal.triggers.map((t) => TRIGGERS.indexOf(t))]));
/** Which triggers the current text holds; reset on each call, so no set is built per output. */
const present = new Uint8Array(TRIGGERS.length);

function firstSignal(signals: readonly Signal[], text: string): string | undefined {
  KEYWORDS.lastIndex = 0;
  let any = false;
  for (let match = KEYWORDS.exec(text); match !== null; match = KEYWORDS.exec(text)) {
    for (const k of INSIDE.get(match[0]) as number[]) present[k] = 1;
    any = true;
  }
  if (!any) return undefined;
  let label: string | undefined;
  for (const signal of signals) {
    if (!(SIGNAL_TRIGGERS.get(signal) as number[]).some((k) => present[k] === 1)) continue;
    label = signal.find(text);
    if (label !== undefined) break;
  }
  present.fill(0);
  return label;
}
