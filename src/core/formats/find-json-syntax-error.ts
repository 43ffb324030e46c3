/** Where a JSON text first goes wrong: 1-based line and column, counted from `from`. */
export interface JsonSyntaxError {
  offset: number;
  line: number;
  column: number;
  reason: string;
}

const enum Ch {
  Tab = 9,
  Newline = 10,
  Return = 13,
  Space = 32,
  Quote = 34,
  Plus = 43,
  Comma = 44,
  Minus = 45,
  Dot = 46,
  Zero = 48,
  Nine = 57,
  Colon = 58,
  OpenBracket = 91,
  Backslash = 92,
  CloseBracket = 93,
  LowerE = 101,
  UpperE = 69,
  OpenBrace = 123,
  CloseBrace = 125,
}

/**
 * Scans `text[from, to)` as JSON and says where it first breaks, or `undefined` when it is valid.
 *
 * Only called after `JSON.parse` has failed: engines word their errors differently and V8 in Node 20 often gives no
 * position at all ("Unexpected token '}', … is not valid JSON"), so the inspector could not point at the spot.
 * Iterative with an explicit stack, so deeply nested input cannot overflow the call stack.
 */
export function findJsonSyntaxError(text: string, from = 0, to = text.length): JsonSyntaxError | undefined {
  let i = from;
  // Each entry: 0 = in an array, 1 = in an object.
  const stack: number[] = [];

  const fail = (offset: number, reason: string): JsonSyntaxError => {
    let line = 1;
    let lineStart = from;
    for (let k = from; k < offset && k < to; k++) {
      if (text.charCodeAt(k) === Ch.Newline) {
        line++;
        lineStart = k + 1;
      }
    }
    return { offset, line, column: offset - lineStart + 1, reason };
  };
  const found = (offset: number): string => JSON.stringify(text.charAt(offset));
  const describe = (offset: number): string => (offset >= to ? 'the text ends too soon' : `unexpected ${found(offset)}`);
  const skipSpace = (): void => {
    while (i < to) {
      const c = text.charCodeAt(i);
      if (c !== Ch.Space && c !== Ch.Newline && c !== Ch.Return && c !== Ch.Tab) return;
      i++;
    }
  };
  const scanString = (): JsonSyntaxError | undefined => {
    i++;
    while (i < to) {
      const c = text.charCodeAt(i);
      if (c === Ch.Quote) {
        i++;
        return undefined;
      }
      if (c === Ch.Backslash) {
        const e = text.charAt(i + 1);
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return fail(i, 'bad \\u escape in a string');
          i += 6;
        } else if ('"\\/bfnrt'.includes(e) && e !== '') {
          i += 2;
        } else {
          return fail(i, 'bad escape in a string');
        }
      } else if (c < Ch.Space) {
        return fail(i, c === Ch.Newline ? 'a string runs past the end of the line' : 'control character in a string');
      } else {
        i++;
      }
    }
    return fail(i, 'a string is not closed');
  };
  const scanNumber = (): JsonSyntaxError | undefined => {
    const start = i;
    if (text.charCodeAt(i) === Ch.Minus) i++;
    const digits = (): number => {
      const s = i;
      while (i < to && text.charCodeAt(i) >= Ch.Zero && text.charCodeAt(i) <= Ch.Nine) i++;
      return i - s;
    };
    const intStart = i;
    const n = digits();
    if (n === 0) return fail(start, describe(start));
    if (n > 1 && text.charCodeAt(intStart) === Ch.Zero) return fail(intStart, 'a number has a leading zero');
    if (text.charCodeAt(i) === Ch.Dot) {
      i++;
      if (digits() === 0) return fail(i, 'a number has no digits after the point');
    }
    const e = text.charCodeAt(i);
    if (e === Ch.LowerE || e === Ch.UpperE) {
      i++;
      const sign = text.charCodeAt(i);
      if (sign === Ch.Plus || sign === Ch.Minus) i++;
      if (digits() === 0) return fail(i, 'a number has no digits in its exponent');
    }
    return undefined;
  };
  // Returns true when a value was consumed, false when a container was opened (its contents follow).
  const scanValue = (): JsonSyntaxError | boolean => {
    skipSpace();
    if (i >= to) return fail(i, 'the text ends too soon');
    const c = text.charCodeAt(i);
    if (c === Ch.Quote) return scanString() ?? true;
    if (c === Ch.OpenBrace || c === Ch.OpenBracket) {
      stack.push(c === Ch.OpenBrace ? 1 : 0);
      i++;
      return false;
    }
    if (c === Ch.Minus || (c >= Ch.Zero && c <= Ch.Nine)) return scanNumber() ?? true;
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return true;
      }
    }
    return fail(i, describe(i));
  };

  // `expectKey`: just after `{` or `,` in an object. `afterOpen`: just after `[` or `{`, where a close is allowed.
  let r = scanValue();
  if (typeof r === 'object') return r;
  let afterOpen = r === false;
  while (stack.length > 0) {
    skipSpace();
    const inObject = stack[stack.length - 1] === 1;
    const c = text.charCodeAt(i);
    if (afterOpen && c === (inObject ? Ch.CloseBrace : Ch.CloseBracket)) {
      stack.pop();
      i++;
      afterOpen = false;
      continue;
    }
    if (!afterOpen) {
      if (c === Ch.Comma) {
        i++;
        skipSpace();
      } else if (c === (inObject ? Ch.CloseBrace : Ch.CloseBracket)) {
        stack.pop();
        i++;
        continue;
      } else {
        return fail(i, i >= to ? 'the text ends too soon' : `expected ',' or '${inObject ? '}' : ']'}', found ${found(i)}`);
      }
    }
    if (inObject) {
      skipSpace();
      if (text.charCodeAt(i) !== Ch.Quote) return fail(i, i >= to ? 'the text ends too soon' : 'expected a double-quoted property name');
      const bad = scanString();
      if (bad) return bad;
      skipSpace();
      if (text.charCodeAt(i) !== Ch.Colon) return fail(i, `expected ':' after a property name`);
      i++;
    }
    r = scanValue();
    if (typeof r === 'object') return r;
    afterOpen = r === false;
  }
  skipSpace();
  if (i < to) return fail(i, 'more text after the end of the JSON value');
  return undefined;
}
