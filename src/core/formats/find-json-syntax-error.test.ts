import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError } from './find-json-syntax-error';

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('findJsonSyntaxError', () => {
  it('agrees with JSON.parse on valid JSON and on JSON with one character removed or changed', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.constantFrom('', '}', ']', ',', ':', '"', '\\', '\n', 'x', '0'), (json, at, ch) => {
        expect(findJsonSyntaxError(json)).toBeUndefined();
        const k = json.length === 0 ? 0 : at % json.length;
        const broken = json.slice(0, k) + ch + json.slice(k + 1);
        expect(findJsonSyntaxError(broken) === undefined).toBe(parses(broken));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives 1-based line and column of the first error', () => {
    expect(findJsonSyntaxError('{\n  "a": 1,\n  "b": tru\n}')).toMatchObject({ line: 3, column: 8, reason: 'unexpected "t"' });
    expect(findJsonSyntaxError('[1, 2')).toMatchObject({ line: 1, column: 6, reason: 'the text ends too soon' });
    expect(findJsonSyntaxError('{"a": "x\ny"}')).toMatchObject({ line: 1, column: 9, reason: 'a string runs past the end of the line' });
  });
});
