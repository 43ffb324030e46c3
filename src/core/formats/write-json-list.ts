import type { RecordSpans } from './format-types';

interface Style {
  /** One level of indentation; '' for a document on one line. */
  unit: string;
  /** After the comma between items when on one line: '' (`JSON.stringify`) or ' ' (Python's `json.dumps`). */
  itemGap: string;
  /** Between a key and its value: ':' or ': '. */
  keySeparator: string;
  escapeNonAscii: boolean;
}

/**
 * The document of `spans` with its list holding `items` instead: each item that is one of the list's records is
 * copied from the text as it was, the others are written in the document's own style (indent, separators, `\uXXXX`
 * escapes), and everything around the list stays as it was. The list of all records in their order gives the text
 * back unchanged, byte for byte.
 */
export function writeJsonList(spans: RecordSpans, items: readonly unknown[]): string {
  const { text, open, close } = spans;
  const originals = [...spans.spans.values()];
  if (items.length === originals.length && items.every((item, k) => spans.spans.get(item) === originals[k])) return text;
  if (items.length === 0) return `${text.slice(0, open)}[]${text.slice(close + 1)}`;
  const first = originals[0];
  const last = originals[originals.length - 1];
  if (first === undefined || last === undefined) {
    // The list was empty: nothing shows its layout, so items go on one line each level as the document begins.
    const style = styleOf(spans, '', undefined);
    return `${text.slice(0, open)}${write(items, style, '')}${text.slice(close + 1)}`;
  }
  const lead = text.slice(open + 1, first[0]);
  const trail = text.slice(last[1], close);
  const second = originals[1];
  const seen = second !== undefined ? text.slice(first[1], second[0]) : undefined;
  const style = styleOf(spans, lead, seen);
  // One record shows no separator: a pretty list repeats the line break, a one-line one spaces as its keys do.
  const separator = seen ?? (lead.includes('\n') ? `,${lead}` : `,${style.itemGap}`);
  const indent = lead.includes('\n') ? lead.slice(lead.lastIndexOf('\n') + 1) : '';
  const body = items.map((item) => {
    const span = spans.spans.get(item);
    return span !== undefined ? text.slice(span[0], span[1]) : write(item, style, indent);
  });
  return `${text.slice(0, open + 1)}${lead}${body.join(separator)}${trail}${text.slice(close)}`;
}

/** The document's style, from the whitespace before the list's first record and between the first two (when seen). */
function styleOf(spans: RecordSpans, lead: string, separator: string | undefined): Style {
  const { text } = spans;
  const pretty = lead.includes('\n');
  let unit = '';
  if (pretty) {
    const inner = lead.slice(lead.lastIndexOf('\n') + 1);
    const before = text.slice(text.lastIndexOf('\n', spans.open) + 1, spans.open);
    const outer = /^[ \t]*/.exec(before)?.[0] ?? '';
    unit = inner.startsWith(outer) && inner.length > outer.length ? inner.slice(outer.length) : '  ';
  }
  const firstKey = /"(?:[^"\\]|\\.)*"([ \t]*:[ \t]*)/.exec(text.slice(spans.open, spans.close));
  // An escape of a character past ASCII (`\u00e9`, not `\u001b`) shows a writer that escapes them all.
  const escaped = /\\u(?!00[0-7])[0-9a-fA-F]{4}/.test(text);
  // eslint-disable-next-line no-control-regex
  const raw = /[^\u0000-\u007f]/.test(text);
  const keySeparator = firstKey?.[1] ?? (pretty ? ': ' : ':');
  return {
    unit,
    itemGap: pretty ? '' : separator !== undefined ? separator.slice(separator.indexOf(',') + 1) : keySeparator.endsWith(' ') ? ' ' : '',
    keySeparator,
    escapeNonAscii: escaped ? true : raw ? false : spans.escapeNonAscii,
  };
}

/** `value` as JSON in `style`, its nested lines indented from `indent` (the line it starts on). */
function write(value: unknown, style: Style, indent: string): string {
  if (value === null || typeof value !== 'object') {
    const json = JSON.stringify(value) ?? 'null';
    return style.escapeNonAscii ? escapeNonAscii(json) : json;
  }
  const inner = indent + style.unit;
  const open = style.unit === '' ? '' : `\n${inner}`;
  const close = style.unit === '' ? '' : `\n${indent}`;
  const join = style.unit === '' ? `,${style.itemGap}` : `,\n${inner}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${open}${value.map((item) => write(item, style, inner)).join(join)}${close}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && typeof v !== 'function');
  if (entries.length === 0) return '{}';
  const fields = entries.map(([key, v]) => `${write(key, style, inner)}${style.keySeparator}${write(v, style, inner)}`);
  return `{${open}${fields.join(join)}${close}}`;
}

function escapeNonAscii(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
