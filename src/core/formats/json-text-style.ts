/** How a JSON text was written, so a record rebuilt for it looks like its neighbours. */
export interface JsonTextStyle {
  /** One level of indentation (`'  '`, `'    '`, `'\t'`); `''` for a text on one line. */
  indent: string;
  /** What follows a key's colon: `' '` in pretty-printed text and Python's `json.dumps` defaults, else `''`. */
  afterColon: string;
  /** What follows a comma on one line: `' '` for Python's `json.dumps` defaults, else `''`. */
  afterComma: string;
  /** Non-ASCII written as `\uXXXX` (Python's `ensure_ascii`). */
  asciiOnly: boolean;
  /** `<`, `>` and `&` written as `\u003c`, `\u003e`, `\u0026` (Go's `encoding/json`, the OpenTelemetry Collector). */
  htmlEscaped: boolean;
}

/**
 * The style of a JSON text as its writer left it: `JSON.stringify(v, null, 2)`, compact `JSON.stringify(v)`, Python's
 * `json.dumps` (`", "` and `": "`, non-ASCII escaped) or `indent=4`, Go's encoder. Read from the text's first
 * separators outside strings, which every writer repeats throughout. A one-line text that shows no comma spaces its
 * commas as it spaces its colons (Python's defaults space both, `JSON.stringify` neither).
 *
 * @param escapesNonAscii Whether the writer escapes non-ASCII, for a text that shows no non-ASCII character at all:
 *   a reader that knows the program (Python's `json.dumps` escapes by default) says so; what the text shows wins.
 */
export function jsonTextStyle(text: string, escapesNonAscii = false): JsonTextStyle {
  let indent = '';
  let afterColon: string | undefined;
  let afterComma: string | undefined;
  let sawRawNonAscii = false;
  let sawEscapedNonAscii = false;
  let sawHtmlEscape = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Inside a string: note how it writes non-ASCII and HTML characters.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) {
          const escape = text.slice(i + 1, i + 6);
          if (/^u00(3c|3e|26)$/i.test(escape)) sawHtmlEscape = true;
          else if (/^u[0-9a-f]{4}$/i.test(escape) && parseInt(escape.slice(1), 16) >= 0x80) sawEscapedNonAscii = true;
          i++;
        } else if (d === 34) break;
        else if (d >= 0x80) sawRawNonAscii = true;
      }
      continue;
    }
    if (c === 58 && afterColon === undefined) afterColon = text.charCodeAt(i + 1) === 32 ? ' ' : '';
    if (c === 44 && afterComma === undefined) afterComma = text.charCodeAt(i + 1) === 32 ? ' ' : '';
    if (c === 10 && indent === '') {
      let k = i + 1;
      while (k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
      // The first indented line is one level deep: its container opened on the line before.
      if (k > i + 1) indent = text.slice(i + 1, k);
    }
    if (afterColon !== undefined && afterComma !== undefined && indent !== '' && i > 4096) {
      // The layout is known; the rest is searched only for how it writes non-ASCII, if the start did not show it.
      if (!sawRawNonAscii && !sawEscapedNonAscii) {
        const rest = text.slice(i);
        // eslint-disable-next-line no-control-regex
        sawRawNonAscii = /[^\u0000-\u007f]/.test(rest);
        sawEscapedNonAscii = !sawRawNonAscii && /\\u(?!00[0-7])[0-9a-fA-F]{4}/.test(rest);
      }
      break;
    }
  }
  const colon = afterColon ?? (indent === '' ? '' : ' ');
  return {
    indent,
    afterColon: colon,
    afterComma: indent === '' ? (afterComma ?? colon) : '',
    asciiOnly: sawRawNonAscii ? false : sawEscapedNonAscii || escapesNonAscii,
    htmlEscaped: sawHtmlEscape,
  };
}
