import { describe, expect, it, vi } from 'vitest';

describe('boundedTimeline', () => {
  it('empties the performance timeline once the app has added TIMELINE_LIMIT entries, and not before', async () => {
    // A fresh copy of the module: its count of entries is shared by every test file this worker ran before.
    vi.resetModules();
    const { boundedTimeline, TIMELINE_LIMIT } = await import('./bounded-timeline');
    performance.clearMarks('ps:test');
    for (let k = 1; k < TIMELINE_LIMIT; k++) {
      if (k % 1000 === 0) performance.mark('ps:test');
      boundedTimeline();
    }
    expect(performance.getEntriesByName('ps:test')).toHaveLength(Math.floor((TIMELINE_LIMIT - 1) / 1000));
    boundedTimeline();
    expect(performance.getEntriesByName('ps:test')).toHaveLength(0);
  });
});
