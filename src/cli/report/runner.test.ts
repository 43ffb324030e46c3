import { describe, expect, it } from 'vitest';
import { workerPool } from './runner';

const WORKER = new URL('../../../test/support/thread-id-worker.mjs', import.meta.url);

describe('workerPool', () => {
  it('spreads tasks posted one at a time over its threads (the parts of a long conversation run side by side)', async () => {
    const pool = workerPool<string, number>(2, WORKER, {}, () => -1);
    try {
      const threads = await Promise.all(['part 1', 'part 2'].map((task) => pool.run(task)));
      expect(new Set(threads).size).toBe(2);
    } finally {
      await pool.close();
    }
  });
});
