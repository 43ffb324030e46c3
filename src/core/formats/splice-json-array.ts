import type { JsonTextStyle } from './json-text-style';
import type { LocatedJson } from './locate-json';
import { stringifyJsonStyled } from './stringify-json-styled';

/** What goes into the array: one of its original elements (by index), copied as written, or a new value. */
export type SplicedItem = { element: number } | { value: unknown };

/**
 * `text` with the array at `array` (from `locateJson`) holding `items` instead of its elements: the elements kept are
 * copied byte for byte with the separator the file had between them, the dropped ones are cut out with theirs, and
 * new values are written in the file's `style`, indented like their neighbours. Everything outside the array is left
 * as it was, so when `items` lists every element in order the result is `text` itself.
 *
 * @param depth How deep the array sits (0 for the document itself), for indenting the first values of an empty array.
 */
export function spliceJsonArray(text: string, array: LocatedJson, items: readonly SplicedItem[], style: JsonTextStyle, depth: number): string {
  const elements = array.elements ?? [];
  const first = elements[0];
  const last = elements[elements.length - 1];
  let lead: string;
  let trail: string;
  let separator: string;
  if (first !== undefined && last !== undefined) {
    lead = text.slice(array.start + 1, first.start);
    trail = text.slice(last.end, array.end - 1);
    const second = elements[1];
    separator = second !== undefined ? text.slice(first.end, second.start) : `,${lead.includes('\n') ? lead : style.afterComma}`;
  } else if (style.indent !== '') {
    lead = `\n${style.indent.repeat(depth + 1)}`;
    trail = `\n${style.indent.repeat(depth)}`;
    separator = `,${lead}`;
  } else {
    lead = '';
    trail = '';
    separator = `,${style.afterComma}`;
  }
  const newline = lead.lastIndexOf('\n');
  const elementIndent = newline === -1 ? undefined : lead.slice(newline + 1);

  let body = '';
  let previous: number | undefined;
  for (const item of items) {
    if ('element' in item) {
      const span = elements[item.element];
      if (span === undefined) throw new RangeError(`spliceJsonArray: the array has no element ${item.element}`);
      // Between two elements that were neighbours, the file's own separator (its spacing may vary).
      if (body !== '') body += previous !== undefined && previous + 1 === item.element ? text.slice(elements[previous]?.end, span.start) : separator;
      body += text.slice(span.start, span.end);
      previous = item.element;
    } else {
      if (body !== '') body += separator;
      const written = stringifyJsonStyled(item.value, { ...style, indent: elementIndent === undefined ? '' : style.indent });
      body += elementIndent === undefined ? written : written.replace(/\n/g, `\n${elementIndent}`);
      previous = undefined;
    }
  }
  const arrayText = items.length === 0 ? '[]' : `[${lead}${body}${trail}]`;
  return text.slice(0, array.start) + arrayText + text.slice(array.end);
}
