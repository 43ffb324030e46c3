import { boundedTimeline } from './bounded-timeline';

/**
 * Named spans on the worker's performance timeline (`ps:` measures), so the browser benchmark can say where a load's
 * time went (read, parse, analyze, rows, plans, counting) from outside: a Playwright worker handle reads them.
 */
export function timePhase<T>(name: string, run: () => T): T {
  const start = now();
  try {
    return run();
  } finally {
    measure(name, start);
  }
}

/** The same for work that awaits. */
export async function timePhaseAsync<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = now();
  try {
    return await run();
  } finally {
    measure(name, start);
  }
}

function now(): number {
  return typeof performance === 'undefined' ? 0 : performance.now();
}

function measure(name: string, start: number): void {
  if (typeof performance === 'undefined' || typeof performance.measure !== 'function') return;
  try {
    performance.measure(`ps:${name}`, { start, end: performance.now() });
    boundedTimeline();
  } catch {
    // A timeline that refuses measures (an old engine): timing is only for the benchmark.
  }
}

/** A point on this thread's timeline (`name` as given, `ps:` included), for the benchmarks; never throws. */
export function markPhase(name: string, detail?: Record<string, unknown>): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  try {
    performance.mark(name, detail ? { detail } : undefined);
    boundedTimeline();
  } catch {
    // A timeline that refuses marks: timing is only for the benchmark.
  }
}
