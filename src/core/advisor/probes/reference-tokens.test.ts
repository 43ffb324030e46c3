import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceTokens } from './reference-tokens';

/** The rule as first written: the oracle. */
const TOKEN = /(?<![\\\w$./-])[A-Za-z_$][\w$./-]{7,80}/g;
const oracle = (text: string): string[] => text.match(TOKEN) ?? [];

describe('referenceTokens', () => {
  it('property: the same tokens as the lookbehind regex, on text made of the characters the rule turns on', () => {
    // Every class the rule tells apart (starts, parts that cannot start, the backslash, separators, non-ASCII), and
    // runs long enough to cross 8 and 81 characters.
    const unit = fc.constantFrom('a', 'Z', '_', '$', '7', '.', '/', '-', '\\', ' ', '\n', '"', ':', 'é', '😀');
    const run = fc.tuple(fc.constantFrom('a', '_', '$', '9', '.'), fc.nat({ max: 100 })).map(([c, k]) => c.repeat(k));
    const text = fc.array(fc.oneof(unit, run), { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(referenceTokens(t)).toEqual(oracle(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('property: the same on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (t) => {
          expect(referenceTokens(t)).toEqual(oracle(t));
        }),
      { numRuns: 500 },
    );
  });

  it('reads paths and identifiers, not an escape’s tail, and of a long run its first 81 characters', () => {
    expect(referenceTokens('see src/core/plan.ts and fooBar_1 ok')).toEqual(['src/core/plan.ts', 'fooBar_1']);
    expect(referenceTokens('a\\nimport_things here')).toEqual([]);
    expect(referenceTokens('short x.y 1abcdefghij')).toEqual([]);
    expect(referenceTokens(`k${'x'.repeat(100)}`)).toEqual([`k${'x'.repeat(80)}`]);
  });
});
