/** Characters read at most from each end of a text: errors show in a tool output's first or last lines. */
export const ERROR_SCAN_END_CHARS = 240;
/** A failed call says so at once; only this much of a read's or a search's output is checked. */
const TOOL_FAILURE_CHARS = 160;

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
 * `exit code 2`, `TypeError`, `3 failed`, `ENOENT`), or `undefined`. Reads only the first and last `endChars`
 * characters (default 240), so an 80k-character output costs what a short one does. "0 failures" and
 * `exit_code: 0` are no signal.
 *
 * `scope: 'tool-failure'` looks only for the call itself failing (`No such file or directory`, `Invalid … parameter`,
 * rejected by the user) in the first 160 characters: for a file read or a search, whose output is content in which
 * "TypeError:" or "3 failed" mean nothing about the call. Default is `'any'`.
 */
export function findErrorSignal(
  text: string,
  scope: 'any' | 'tool-failure' = 'any',
  endChars = ERROR_SCAN_END_CHARS,
): string | undefined {
  if (scope === 'tool-failure') return firstSignal(FAILURE, text.slice(0, Math.min(TOOL_FAILURE_CHARS, 2 * endChars)));
  if (text.length <= 2 * endChars) return firstSignal(ANY, text);
  // Two slices rather than one joined sample: a slice shares the text's characters, a join copies them.
  return firstSignal(ANY, text.slice(0, endChars)) ?? firstSignal(ANY, text.slice(-endChars));
}

/**
 * The triggers of a list of signals as one pattern of plain words, longest first, so that at one position the
 * longest trigger is the one matched; every trigger inside it counts too ("Error:" also sets off what "Error" sets
 * off). `present` marks, per trigger, whether the current text holds it; reset after each call.
 */
interface Scanner {
  signals: readonly Signal[];
  keywords: RegExp;
  inside: Map<string, number[]>;
  signalTriggers: number[][];
  present: Uint8Array;
}

function scanner(signals: readonly Signal[]): Scanner {
  const triggers = [...new Set(signals.flatMap((signal) => signal.triggers))].sort((a, b) => b.length - a.length);
  return {
    signals,
    keywords: new RegExp(triggers.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g'),
    inside: new Map(triggers.map((t) => [t, triggers.filter((other) => t.includes(other)).map((other) => triggers.indexOf(other))])),
    signalTriggers: signals.map((signal) => signal.triggers.map((t) => triggers.indexOf(t))),
    present: new Uint8Array(triggers.length),
  };
}

const ANY = scanner(OUTCOMES);
/** Fewer words to look for when only a failed call matters. */
const FAILURE = scanner(TOOL_FAILURES);

/** Words that count only after a number ("3 failed"): prose is full of "error" and "failed". */
const AFTER_NUMBER = new Set([' failed', ' failure', ' error']);

function firstSignal({ signals, keywords, inside, signalTriggers, present }: Scanner, text: string): string | undefined {
  keywords.lastIndex = 0;
  let any = false;
  for (let match = keywords.exec(text); match !== null; match = keywords.exec(text)) {
    if (AFTER_NUMBER.has(match[0])) {
      const before = text.charCodeAt(match.index - 1);
      if (!(before >= 48 && before <= 57)) continue;
    }
    for (const k of inside.get(match[0]) as number[]) present[k] = 1;
    any = true;
  }
  if (!any) return undefined;
  let label: string | undefined;
  for (let s = 0; s < signals.length; s++) {
    if (!(signalTriggers[s] as number[]).some((k) => present[k] === 1)) continue;
    label = (signals[s] as Signal).find(text);
    if (label !== undefined) break;
  }
  present.fill(0);
  return label;
}
