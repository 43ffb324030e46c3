import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSubstringSearch } from './create-substring-search';

describe('createSubstringSearch', () => {
  // A small alphabet, so needles cut from the haystack, near-misses and grams shared by both are common.
  const text = (max: number) => fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '/', 'é', '\n'), maxLength: max });

  it('property: answers as includes does, for needles in the haystack, near it and not in it', () => {
    fc.assert(
      fc.property(text(400), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 40 }), fc.option(text(3), { nil: undefined })), { maxLength: 20 }), text(30), (haystack, cuts, stray) => {
        const search = createSubstringSearch(haystack, 0);
        const needles = [stray, '', ...cuts.map(([at, length, edit]) => {
          const start = haystack.length === 0 ? 0 : at % haystack.length;
          const cut = haystack.slice(start, start + length);
          return edit === undefined ? cut : cut.slice(0, cut.length >> 1) + edit + cut.slice(cut.length >> 1);
        })];
        for (const needle of needles) expect(search(needle), JSON.stringify(needle)).toBe(haystack.includes(needle));
      }),
      { numRuns: 500 },
    );
  });

  it('finds a path in a long summary and not one it lacks', () => {
    const haystack = Array.from({ length: 2000 }, (_, k) => `read /repo/src/file-${k}.ts and ran tests`).join('\n');
    const search = createSubstringSearch(haystack);
    expect(search('/repo/src/file-1999.ts')).toBe(true);
    expect(search('/repo/src/file-2000.ts')).toBe(false);
    expect(search('ts and ran')).toBe(true);
  });
});
