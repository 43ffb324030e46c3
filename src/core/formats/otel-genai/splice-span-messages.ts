import { jsonTextStyle } from '../json-text-style';
import { locateJson } from '../locate-json';
import { spliceJsonArray, type SplicedItem } from '../splice-json-array';
import { stringifyJsonStyled } from '../stringify-json-styled';
import { encodeAnyValue } from './encode-any-value';

/** One message attribute of a span to rewrite. */
export interface SpanMessagesEdit {
  /** The attribute's index in the span's `attributes`. */
  attribute: number;
  encoding: 'string' | 'structured';
  /** The attribute's messages as read: the objects `records` may hold. */
  original: readonly unknown[];
  /** What it holds now: original messages, copied as written, or new ones. */
  records: readonly unknown[];
}

/**
 * `text` (an OTLP/JSON document) with the message attributes of the span at `spanPath` holding `edit.records`, every
 * other byte as it was. A JSON-string attribute is spliced inside its decoded text (kept messages as the
 * instrumentation wrote them, Python's `", "` separators and `\u00b0` escapes included), then escaped back the way the
 * document escaped it; a structured one (`arrayValue` of `kvlistValue`s) is spliced element by element. `undefined`
 * when the attribute is not where the parse found it.
 */
export function spliceSpanMessages(text: string, spanPath: readonly (string | number)[], edits: readonly SpanMessagesEdit[]): string | undefined {
  let out = text;
  // The later attribute first, so the earlier one's offsets still hold.
  for (const edit of [...edits].sort((a, b) => b.attribute - a.attribute)) {
    const valuePath = [...spanPath, 'attributes', edit.attribute, 'value'];
    const items: SplicedItem[] = edit.records.map((record) => {
      const element = edit.original.indexOf(record);
      return element === -1 ? { value: edit.encoding === 'string' ? record : encodeAnyValue(record) } : { element };
    });
    if (edit.encoding === 'structured') {
      const path = [...valuePath, 'arrayValue', 'values'];
      const array = locateJson(out, path);
      if (array?.elements === undefined || array.elements.length !== edit.original.length) return undefined;
      out = spliceJsonArray(out, array, items, jsonTextStyle(out), path.length);
      continue;
    }
    const literal = locateJson(out, [...valuePath, 'stringValue']);
    if (literal === undefined) return undefined;
    const written = out.slice(literal.start, literal.end);
    const inner = JSON.parse(written) as string;
    const array = locateJson(inner, []);
    if (array?.elements === undefined || array.elements.length !== edit.original.length) return undefined;
    const spliced = spliceJsonArray(inner, array, items, jsonTextStyle(inner), 0);
    const style = jsonTextStyle(written);
    const escaped = JSON.stringify(inner) === written ? JSON.stringify(spliced) : stringifyJsonStyled(spliced, { indent: '', afterColon: '', afterComma: '', asciiOnly: style.asciiOnly, htmlEscaped: style.htmlEscaped });
    out = out.slice(0, literal.start) + escaped + out.slice(literal.end);
  }
  return out;
}
