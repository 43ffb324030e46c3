import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortenText } from './shorten-text';

/** The rule as first written: collapse the whole text with a regex, then cut. The walks must give its very line. */
function shortenByRegex(text: string, maxChars: number): string {
  const window = maxChars * 4;
  const source = text.length > window * 2 ? `${text.slice(0, window)} ${text.slice(-window)}` : text;
  const line = source.replace(/\s+/g, ' ').trim();
  if (line.length <= maxChars) return line;
  const room = maxChars - 3;
  const head = Math.ceil(room * 0.7);
  return `${line.slice(0, head).trimEnd()} … ${line.slice(line.length - (room - head)).trimStart()}`;
}

const SPACES = [' ', ' ', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u2028', '\v\f'];
const words = fc.array(
  fc.oneof(
    fc.constantFrom(...SPACES),
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }),
  ),
  { maxLength: 120 },
).map((parts) => parts.join(''));

describe('shortenText', () => {
  it('takes for whitespace exactly what \\s takes, code unit by code unit', () => {
    // A block of 256 code units at a time, each between two letters, in a line long enough to keep whole.
    for (let block = 0; block < 256; block++) {
      let text = '';
      for (let c = block * 256; c < (block + 1) * 256; c++) text += `a${String.fromCharCode(c)}b`;
      expect(shortenText(text, 1000), `code units ${block * 256}…${block * 256 + 255}`).toBe(shortenByRegex(text, 1000));
    }
  });

  it('gives the line the whole-text regex gives, for any text and bound', () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 1, max: 90 }), (text, maxChars) => {
        expect(shortenText(text, maxChars)).toBe(shortenByRegex(text, maxChars));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the same line for texts long enough to be cut to their ends first', () => {
    fc.assert(
      fc.property(fc.array(words, { minLength: 1, maxLength: 12 }), fc.integer({ min: 4, max: 40 }), (parts, maxChars) => {
        const text = parts.join('   ');
        expect(shortenText(text, maxChars)).toBe(shortenByRegex(text, maxChars));
      }),
      { numRuns: 1000 },
    );
  });
});
