import type { RecordSpans } from './format-types';

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Where the records of one list in a JSON document sit in its text: `path` leads from the root to the list (object
 * keys and array indices: `['history']`, `['values', 'messages']`, `[0, 'messages']`, `[]` for a root array), and
 * `list` is that list as `JSON.parse` gave it, whose elements become the keys of `spans`.
 *
 * `undefined` when there is no text, or the text does not hold the list where the path says with as many elements
 * (then export writes the records again instead of cutting them out). A key that appears twice in an object is taken
 * at its last place, as `JSON.parse` takes it.
 */
export function spansOfList(
  text: string | undefined,
  path: readonly (string | number)[],
  list: readonly unknown[],
  escapeNonAscii: boolean,
): RecordSpans | undefined {
  if (text === undefined) return undefined;
  const found = locate(text, path);
  if (found === undefined || found.items.length !== list.length) return undefined;
  const spans = new Map<unknown, readonly [number, number]>();
  found.items.forEach((span, i) => {
    const record = list[i];
    // A primitive element has no identity to find it by; the list is then written again.
    if (record !== null && typeof record === 'object') spans.set(record, span);
  });
  if (spans.size !== list.length) return undefined;
  return { text, open: found.open, close: found.close, spans, escapeNonAscii };
}

function locate(text: string, path: readonly (string | number)[]): { open: number; close: number; items: [number, number][] } | undefined {
  let i = skipSpace(text, 0);
  for (const step of path) {
    const next = typeof step === 'string' ? valueOfKey(text, i, step) : elementAt(text, i, step);
    if (next === undefined) return undefined;
    i = next;
  }
  if (text.charAt(i) !== '[') return undefined;
  const open = i;
  const items: [number, number][] = [];
  i = skipSpace(text, i + 1);
  if (text.charAt(i) === ']') return { open, close: i, items };
  for (;;) {
    const end = skipValue(text, i);
    if (end < 0) return undefined;
    items.push([i, end]);
    i = skipSpace(text, end);
    const c = text.charAt(i);
    if (c === ']') return { open, close: i, items };
    if (c !== ',') return undefined;
    i = skipSpace(text, i + 1);
  }
}

/** The offset of the value of `key` in the object at `i`: its last occurrence. */
function valueOfKey(text: string, i: number, key: string): number | undefined {
  if (text.charAt(i) !== '{') return undefined;
  let found: number | undefined;
  i = skipSpace(text, i + 1);
  if (text.charAt(i) === '}') return undefined;
  for (;;) {
    const keyEnd = skipString(text, i);
    if (keyEnd < 0) return undefined;
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipSpace(text, keyEnd);
    if (text.charAt(i) !== ':') return undefined;
    i = skipSpace(text, i + 1);
    if (name === key) found = i;
    const end = skipValue(text, i);
    if (end < 0) return undefined;
    i = skipSpace(text, end);
    const c = text.charAt(i);
    if (c === '}') return found;
    if (c !== ',') return undefined;
    i = skipSpace(text, i + 1);
  }
}

function elementAt(text: string, i: number, index: number): number | undefined {
  if (text.charAt(i) !== '[') return undefined;
  i = skipSpace(text, i + 1);
  for (let k = 0; ; k++) {
    if (text.charAt(i) === ']') return undefined;
    if (k === index) return i;
    const end = skipValue(text, i);
    if (end < 0) return undefined;
    i = skipSpace(text, end);
    if (text.charAt(i) !== ',') return undefined;
    i = skipSpace(text, i + 1);
  }
}

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return i;
    i++;
  }
}

/** The end of the string that opens at `i` (a quote), or −1. Jumps from quote to quote: strings are most of a file. */
function skipString(text: string, i: number): number {
  if (text.charCodeAt(i) !== QUOTE) return -1;
  let from = i + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The end of the value that starts at `i`, or −1. The text is valid JSON (it was parsed), so this only counts. */
function skipValue(text: string, i: number): number {
  const c = text.charAt(i);
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    while (i < text.length) {
      const d = text.charAt(i);
      if (d === '"') {
        i = skipString(text, i);
        if (i < 0) return -1;
        continue;
      }
      if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return -1;
  }
  let end = i;
  while (end < text.length && !',]} \n\r\t'.includes(text.charAt(end))) end++;
  return end > i ? end : -1;
}
