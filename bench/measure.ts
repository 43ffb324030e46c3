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
