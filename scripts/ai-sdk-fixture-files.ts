/** The small repository the AI SDK fixtures' tools work on (see make-ai-sdk-fixtures.ts); written for this project, MIT. */
export const FILES: Record<string, string> = {
  'src/math/mean.ts': `/** The arithmetic mean of \`values\`. */
export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / (values.length - 1);
}
`,
  'src/math/mean.test.ts': `import { describe, expect, it } from 'vitest';
import { mean } from './mean';

describe('mean', () => {
  it('averages a list', () => expect(mean([1, 2, 3, 4])).toBe(2.5));
  it('is the value itself for one value', () => expect(mean([7])).toBe(7));
  it('is 0 for an empty list', () => expect(mean([])).toBe(0));
  it('handles negative values', () => expect(mean([-2, 2, -4, 4])).toBe(0));
});
`,
  'src/math/median.ts': `/** The median of \`values\`: the middle value, or the mean of the two middle values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
`,
  'src/math/median.test.ts': `import { expect, it } from 'vitest';
import { median } from './median';

it('takes the middle value', () => expect(median([3, 1, 2])).toBe(2));
it('averages the two middle values', () => expect(median([4, 1, 3, 2])).toBe(2.5));
`,
  'src/math/mean.ts.bak': `export function mean(values) {
  return values.reduce((a, b) => a + b) / values.length;
}
`,
};

const SOURCES = {
  failingReport: ` RUN  v4.0.8 /repo

 ❯ src/math/mean.test.ts (4 tests | 3 failed) 9ms
   × mean > averages a list 4ms
     → expected 3.3333333333333335 to be 2.5 // Object.is equality
   × mean > is the value itself for one value 1ms
     → expected Infinity to be 7 // Object.is equality
   × mean > is 0 for an empty list 1ms
     → expected -0 to be +0 // Object.is equality
   ✓ mean > handles negative values 0ms
 ✓ src/math/median.test.ts (2 tests) 2ms

 Test Files  1 failed | 1 passed (2)
      Tests  3 failed | 3 passed (6)
   Duration  412ms
`,
  passingReport: ` RUN  v4.0.8 /repo

 ✓ src/math/mean.test.ts (4 tests) 3ms
 ✓ src/math/median.test.ts (2 tests) 2ms

 Test Files  2 passed (2)
      Tests  6 passed (6)
   Duration  388ms
`,
  fixedMean: `/** The arithmetic mean of \`values\`; 0 for an empty list. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}
`,
};

export function sourceOf(name: keyof typeof SOURCES): string {
  return SOURCES[name];
}
