import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMinTree } from './create-min-tree';

/** The largest position in [from, to] whose value is at most limit, or -1, by looking at every one. */
function naiveLastAtMost(values: readonly number[], from: number, to: number, limit: number): number {
  for (let p = Math.min(to, values.length - 1); p >= Math.max(from, 0); p--) if ((values[p] as number) <= limit) return p;
  return -1;
}

const value = fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant(Infinity));

describe('createMinTree', () => {
  it('lastAtMost finds what a scan of every position finds, ranges past either end included (3,000 cases)', () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 70 }),
        fc.array(fc.tuple(fc.integer({ min: -3, max: 75 }), fc.integer({ min: -3, max: 75 }), fc.integer({ min: -1, max: 52 })), { minLength: 1, maxLength: 20 }),
        (values, queries) => {
          const tree = createMinTree(values);
          for (const [from, to, limit] of queries) expect(tree.lastAtMost(from, to, limit)).toBe(naiveLastAtMost(values, from, to, limit));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
