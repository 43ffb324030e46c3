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
 * separators outside strings, which every writer repeats throughout.
 */
export function jsonTextStyle(text: string): JsonTextStyle {
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
    if (afterColon !== undefined && afterComma !== undefined && indent !== '' && i > 4096) break;
  }
  return {
    indent,
    afterColon: afterColon ?? (indent === '' ? '' : ' '),
    afterComma: indent === '' ? (afterComma ?? '') : '',
    asciiOnly: sawEscapedNonAscii && !sawRawNonAscii,
    htmlEscaped: sawHtmlEscape,
  };
}
