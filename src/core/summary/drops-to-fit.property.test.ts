/**
 * `dropsToFit` stops where the one-at-a-time drop stops: the oldest line of the section holding the most tokens (the
 * last of those tied) dropped while the kept lines cost more than the room, over any sections, costs and room.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropsToFit } from './drops-to-fit';

function dropOneAtATime(costs: readonly number[][], room: number): number[] {
  const drops = costs.map(() => 0);
  const kept = costs.map((c) => c.reduce((a, b) => a + b, 0));
  while (kept.reduce((a, b) => a + b, 0) > room) {
    let pick = -1;
    for (let s = 0; s < costs.length; s++) if ((drops[s] as number) < (costs[s] as number[]).length && (pick < 0 || (kept[s] as number) >= (kept[pick] as number))) pick = s;
    if (pick < 0) break;
    kept[pick] = (kept[pick] as number) - ((costs[pick] as number[])[drops[pick] as number] as number);
    drops[pick] = (drops[pick] as number) + 1;
  }
  return drops;
}

const sumsOf = (costs: readonly number[]): number[] => costs.reduce<number[]>((sums, c) => [...sums, (sums.at(-1) as number) + c], [0]);

describe('dropsToFit', () => {
  it('drops what the one-at-a-time drop drops', () => {
    // Small costs so that ties between sections are common.
    const section = fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 12 });
    fc.assert(
      // Sums from any start (a section's lines are a range of a longer backing's).
      fc.property(fc.array(section, { maxLength: 7 }), fc.integer({ min: -3, max: 80 }), fc.nat({ max: 50 }), (costs, room, offset) => {
        expect(dropsToFit(costs.map((c) => sumsOf(c).map((sum) => sum + offset)), room)).toEqual(dropOneAtATime(costs, room));
      }),
      { numRuns: 3000 },
    );
  });

  it('ties are dropped from the last section first', () => {
    // Both hold 4; a room of 6 is met by one drop, from the second.
    expect(dropsToFit([sumsOf([2, 2]), sumsOf([2, 2])], 6)).toEqual([0, 1]);
  });
});
