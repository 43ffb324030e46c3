import { describe, expect, it } from 'vitest';
import { rowsViewport, scrollRowIntoView } from './keep-in-view';
import { ROW_H } from './timeline-row';

/** The scroll element as these functions see it: a height and a scroll position. */
function area(clientHeight: number, scrollTop = 0): HTMLElement {
  return { clientHeight, scrollTop } as HTMLElement;
}

const LABELS = 28;

describe('rowsViewport', () => {
  it('leaves out the sticky column labels', () => {
    expect(rowsViewport(area(400, 90), LABELS)).toEqual({ top: 90, height: 372 });
    expect(rowsViewport(area(10), LABELS).height).toBe(0);
  });
});

describe('scrollRowIntoView', () => {
  it('leaves a row in view where it is', () => {
    const el = area(400, 0);
    scrollRowIntoView(el, LABELS, 3);
    expect(el.scrollTop).toBe(0);
  });

  it('scrolls a row just past the bottom edge only as far as needed, never under the labels', () => {
    const el = area(400, 0);
    // 372 px of rows: 12 whole rows (0–11); row 12 is one step past the edge.
    scrollRowIntoView(el, LABELS, 12);
    const { top, height } = rowsViewport(el, LABELS);
    expect(12 * ROW_H).toBeGreaterThanOrEqual(top);
    expect(13 * ROW_H).toBeLessThanOrEqual(top + height);
    expect(el.scrollTop).toBeLessThan(3 * ROW_H);
  });

  it('centres a far row; near ones are not centred when asked not to', () => {
    const far = area(400, 0);
    scrollRowIntoView(far, LABELS, 100);
    expect(Math.abs(far.scrollTop + (372 - ROW_H) / 2 - 100 * ROW_H)).toBeLessThan(1);
    const kept = area(400, 0);
    scrollRowIntoView(kept, LABELS, 100, false);
    expect(kept.scrollTop + 372).toBe(101 * ROW_H + ROW_H);
  });
});
