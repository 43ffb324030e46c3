/** `[start, end)` of a JSON value in a text. */
export interface JsonSpan {
  start: number;
  end: number;
}

/** Where a value sits in a JSON text; for an array, where each of its elements sits too. */
export interface LocatedJson extends JsonSpan {
  elements?: JsonSpan[];
}

/**
 * Where the value at `path` (object keys and array indices from the root) sits in `text`, a JSON document that
 * `JSON.parse` accepted; `undefined` when the path is not there or the text is not such a document. For an array,
 * `elements` gives each element's span, so an export can copy the elements it keeps byte for byte and cut out the
 * others with their separators (`spliceJsonArray`).
 *
 * Skips what is off the path without building it, so locating a value deep in a 100 MB file costs one scan.
 */
export function locateJson(text: string, path: readonly (string | number)[]): LocatedJson | undefined {
  try {
    let i = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
    for (const step of path) {
      const open = text.charCodeAt(i);
      if (typeof step === 'string') {
        if (open !== 123) return undefined;
        const found = findMember(text, i, step);
        if (found === undefined) return undefined;
        i = found;
      } else {
        if (open !== 91) return undefined;
        const elements = elementSpans(text, i, step + 1);
        const element = elements[step];
        if (element === undefined) return undefined;
        i = element.start;
      }
    }
    const end = skipValue(text, i);
    return text.charCodeAt(i) === 91 ? { start: i, end, elements: elementSpans(text, i, Infinity) } : { start: i, end };
  } catch {
    return undefined;
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The end of the string that opens at `i`. Jumps from quote to quote: strings are most of a transcript. */
function skipString(text: string, i: number): number {
  for (let from = i + 1; ; ) {
    const quote = text.indexOf('"', from);
    if (quote < 0) throw new Error('unterminated string');
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The end of the value that starts at `i`. */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34) return skipString(text, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let k = i; k < text.length; k++) {
      const d = text.charCodeAt(k);
      if (d === 34) k = skipString(text, k) - 1;
      else if (d === 123 || d === 91) depth++;
      else if (d === 125 || d === 93) {
        depth--;
        if (depth === 0) return k + 1;
      }
    }
    throw new Error('unterminated container');
  }
  let k = i;
  while (k < text.length) {
    const d = text.charCodeAt(k);
    if (d === 44 || d === 93 || d === 125 || isSpace(d)) break;
    k++;
  }
  if (k === i) throw new Error('no value');
  return k;
}

/** The start of the value of member `key` of the object that opens at `i` (the last one, as `JSON.parse` keeps). */
function findMember(text: string, i: number, key: string): number | undefined {
  let k = skipSpace(text, i + 1);
  let found: number | undefined;
  while (text.charCodeAt(k) !== 125) {
    const keyEnd = skipString(text, k);
    const name = JSON.parse(text.slice(k, keyEnd)) as string;
    k = skipSpace(text, keyEnd);
    if (text.charCodeAt(k) !== 58) throw new Error('expected a colon');
    const valueStart = skipSpace(text, k + 1);
    if (name === key) found = valueStart;
    k = skipSpace(text, skipValue(text, valueStart));
    if (text.charCodeAt(k) === 44) k = skipSpace(text, k + 1);
    else if (text.charCodeAt(k) !== 125) throw new Error('expected a comma');
  }
  return found;
}

/** The spans of the first `limit` elements of the array that opens at `i`. */
function elementSpans(text: string, i: number, limit: number): JsonSpan[] {
  const spans: JsonSpan[] = [];
  let k = skipSpace(text, i + 1);
  while (text.charCodeAt(k) !== 93 && spans.length < limit) {
    const end = skipValue(text, k);
    spans.push({ start: k, end });
    k = skipSpace(text, end);
    if (text.charCodeAt(k) === 44) k = skipSpace(text, k + 1);
    else if (text.charCodeAt(k) !== 93) throw new Error('expected a comma');
  }
  return spans;
}
