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

  it('gives two tasks posted together to two threads when one thread is still busy and the other has just finished', async () => {
    const pool = workerPool<string, number>(2, WORKER, {}, () => -1);
    try {
      const quick = pool.run('quick');
      const slow = pool.run('slow');
      await quick;
      // One worker holds "slow", the other nothing: the first part goes to the idle one, the second (both now hold
      // one) to the one given a task longest ago, not behind the first.
      const parts = await Promise.all(['part 1', 'part 2'].map((task) => pool.run(task)));
      expect(new Set(parts).size).toBe(2);
      await slow;
    } finally {
      await pool.close();
    }
  });
});
