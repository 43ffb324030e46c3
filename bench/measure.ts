import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full GC between timed runs, so one run's garbage is not collected on the next one's clock. `npm run bench`
 * runs plain `tsx`, without --expose-gc; the flag can still be turned on from inside, and a fresh context then
 * exposes `gc`. Under `node --expose-gc` the global one is used as is.
 */
export function gcFunction(): (() => void) | undefined {
  if (globalThis.gc) return globalThis.gc;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * Waits until the process's own threads are idle: V8 finishes a forced GC's sweeping and freeing on helper threads,
 * and on two loaded cores a fixed pause did not cover it (a scan right after `gc()` and 100 ms took 52–100 ms, after
 * 300 ms 25 ms: the timed call was sharing a core with the previous run's garbage). Polls the process's CPU time in
 * 10 ms steps until a step used under 1 ms of it (the poll alone), or `maxMs` passed; returns the time waited.
 */
export async function untilProcessIdle(maxMs = 1000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < maxMs) {
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const used = process.cpuUsage(before);
    if (used.user + used.system < 1000) break;
  }
  return performance.now() - start;
}
