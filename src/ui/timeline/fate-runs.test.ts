import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fateRuns } from './fate-runs';

/** The minimap's pixel rows as they were drawn before runs: one fate per row, each row on its own. */
function perRow(fates: number[], count: number, height: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < height; y++) {
    const from = Math.floor((y * count) / height);
    const to = Math.max(from + 1, Math.floor(((y + 1) * count) / height));
    const tally = [0, 0, 0, 0];
    for (let i = from; i < to && i < count; i++) tally[fates[i]!]! += 1;
    let best = 0;
    for (let f = 1; f < 4; f++) if (tally[f]! > tally[best]!) best = f;
    out.push(best);
  }
  return out;
}

describe('fateRuns', () => {
  it('colours every pixel row as a row of its own would be, in runs that tile the strip with no two alike side by side', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 300 }), fc.integer({ min: 1, max: 120 }), (fates, height) => {
        const runs = fateRuns(Uint8Array.from(fates), fates.length, height);
        const rows = runs.flatMap((r) => Array.from({ length: r.to - r.from }, () => r.fate));
        expect(rows).toEqual(perRow(fates, fates.length, height));
        expect(runs[0]?.from).toBe(0);
        for (let k = 1; k < runs.length; k++) {
          expect(runs[k]!.from).toBe(runs[k - 1]!.to);
          expect(runs[k]!.fate).not.toBe(runs[k - 1]!.fate);
        }
      }),
    );
  });

  it('draws a lane that keeps a suffix as two runs, whatever the height', () => {
    const fates = new Uint8Array(50_000).fill(1, 0, 40_000);
    expect(fateRuns(fates, fates.length, 800)).toEqual([
      { from: 0, to: 640, fate: 1 },
      { from: 640, to: 800, fate: 0 },
    ]);
  });
});
