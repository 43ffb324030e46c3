import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstTrue } from './first-true';

describe('firstTrue', () => {
  it('finds what a scan from the start finds, for any monotone predicate (n when it never holds)', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.nat(220), (n, at) => {
        const calls: number[] = [];
        const found = firstTrue(n, (j) => (calls.push(j), j >= at));
        expect(found).toBe(Math.min(at, n));
        expect(calls.every((j) => j >= 0 && j < n)).toBe(true);
        expect(calls.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n + 1)) + 1);
      }),
    );
  });
});
