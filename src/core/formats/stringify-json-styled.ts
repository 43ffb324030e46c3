import type { JsonTextStyle } from './json-text-style';

/**
 * `value` as JSON in `style` (see `jsonTextStyle`), for a value that sits `depth` levels deep in its document: a
 * record rebuilt on export then reads like the records copied around it, and one written by the same writer as the
 * source comes out byte for byte as it was.
 */
export function stringifyJsonStyled(value: unknown, style: JsonTextStyle, depth = 0): string {
  let text: string;
  if (style.indent !== '') {
    text = JSON.stringify(value, null, style.indent);
    if (depth > 0) text = text.replace(/\n/g, `\n${style.indent.repeat(depth)}`);
  } else {
    text = JSON.stringify(value);
    if (style.afterColon !== '' || style.afterComma !== '') text = respace(text, style.afterColon, style.afterComma);
  }
  // Both only touch characters inside strings: outside them a JSON text is ASCII punctuation.
  if (style.htmlEscaped) text = text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (style.asciiOnly) text = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return text;
}

/** Compact JSON with a space after each colon and comma outside strings, as Python's `json.dumps` writes it. */
function respace(text: string, afterColon: string, afterComma: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 58 || c === 44) {
      out += text.slice(from, i + 1) + (c === 58 ? afterColon : afterComma);
      from = i + 1;
    }
  }
  return out + text.slice(from);
}
