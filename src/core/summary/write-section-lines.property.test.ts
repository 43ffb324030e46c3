/**
 * `writeSectionLines` resumed from the lines it wrote for fewer items (a list only grows between two requests of a
 * replay) equals the pass written afresh: the same lines, costs, visit counts and kept tokens, whatever repeats the
 * new items bring and wherever the bound stops the pass. A review found the grown path had no test of its own (it
 * checked it with 200k random trials); this is that check.
 *
 * On failure fast-check prints `{ seed, path }`; replay with
 * `FC_SEED=<seed> FC_PATH=<path> npx vitest run src/core/summary/write-section-lines.property.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeSectionLines, type SectionLines } from './write-section-lines';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};

// A few distinct lines so repeats are common; a line's cost is its length, 1 to 6.
const written = (item: unknown) => ({ line: String(item), cost: String(item).length });
const plain = (s: SectionLines) => {
  const { lines, costs, item, sums } = s.backing;
  return {
    lines: lines.slice(s.from, s.end),
    costs: costs.slice(s.from, s.end),
    at: item.slice(s.from, s.end).map((i) => s.length - i),
    sums: [...sums.subarray(s.from, s.end + 1)].map((sum) => sum - (sums[s.from] as number)),
    keptCost: s.keptCost,
    visited: s.visited,
  };
};

describe('writeSectionLines, grown from an earlier pass', () => {
  it('equals the pass written afresh, step after step', () => {
    const item = fc.constantFrom('a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff', 'a', 'bb');
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.array(fc.nat({ max: 8 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 40 }), (all, steps, maxTokens) => {
        const items: string[] = [];
        let before: SectionLines | undefined;
        let next = 0;
        for (const step of steps) {
          for (let k = 0; k < step && next < all.length; k++) items.push(all[next++] as string);
          const grown = writeSectionLines(items, items.length, maxTokens, written, before);
          const fresh = writeSectionLines(items.slice(), items.length, maxTokens, written, undefined);
          expect(plain(grown)).toEqual(plain(fresh));
          before = grown;
        }
      }),
      { numRuns: 500, ...replay },
    );
  });
});
