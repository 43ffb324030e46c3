/**
 * Counting tokens beside the prune worker, so a bound change is never held up by it: a small pool of counting
 * workers (one per spare core, at most 3) each counts a contiguous share of the messages. One per spare core, not per
 * core: counting starts as the first paint is drawn, and on two cores a second counter made the paint of a 100 MB
 * file wait seconds longer (measured). Where workers cannot be made (the main-thread fallback, Node in tests), the
 * caller counts in slices on its own thread instead.
 */
import type { Message, TokenEncoding } from '../core';
import { collectCountTexts } from './count-texts';

export interface PoolCounts {
  tokens: Float64Array;
  encoding: TokenEncoding;
  fallback?: string;
}

let pool: Worker[] | undefined;

/**
 * After counting this much text the pool's workers are let go, and new ones start for the next count: the tokenizer's
 * cache of pieces keeps slices of the texts it saw, so a worker that counted a 100 MB transcript held on to much of
 * it after a small file replaced it. The next count loads its vocabulary again (it is warmed while that file is
 * analysed).
 */
const RETIRE_AFTER_CHARS = 8_000_000;

let counting = 0;
let retireWhenIdle = false;

/** Lets the workers go once no count is using them (a count still running would never hear back). */
function retirePool(): void {
  retireWhenIdle = true;
  if (counting > 0) return;
  for (const worker of pool ?? []) worker.terminate();
  pool = undefined;
  retireWhenIdle = false;
}
let nextJob = 1;

/** Whether this thread can start counting workers. */
export function canPool(): boolean {
  return typeof Worker === 'function' && typeof location !== 'undefined';
}

function workers(): Worker[] {
  if (!pool) {
    const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
    const size = Math.max(1, Math.min(3, cores - 1));
    pool = Array.from({ length: size }, (_, k) => new Worker(new URL('./count.worker.ts', import.meta.url), { type: 'module', name: `prunescope-count-${k + 1}` }));
  }
  return pool;
}

/** Loads `encoding`'s vocabulary in every counting worker now, so counting can start at once when it is asked for. */
export function warmPool(encoding: TokenEncoding): void {
  if (!canPool() || encoding === 'chars') return;
  for (const worker of workers()) worker.postMessage({ job: 0, encoding, warm: true });
}

/**
 * Counts `messages` across the pool; `onProgress` hears each share as it finishes. A share crosses as its texts and
 * the rest of its counts (`collectCountTexts`), not as messages. Small transcripts use one worker: a share's copy
 * only pays off past a few megabytes.
 */
export function countInPool(messages: readonly Message[], encoding: TokenEncoding, textLength: ArrayLike<number>, onProgress: (fraction: number) => void): Promise<PoolCounts> {
  const all = workers();
  let total = 0;
  for (let i = 0; i < textLength.length; i++) total += textLength[i] as number;
  const shares = total < 2_000_000 ? 1 : all.length;
  // Cut where each share holds about as much text, not as many messages.
  const cuts = [0];
  for (let i = 0, sum = 0; i < messages.length && cuts.length < shares; i++) {
    sum += textLength[i] as number;
    if (sum >= (total * cuts.length) / shares) cuts.push(i + 1);
  }
  cuts.push(messages.length);
  const tokens = new Float64Array(messages.length);
  let done = 0;
  let fallback: string | undefined;
  let counted: TokenEncoding = encoding;
  const jobs = cuts.slice(0, -1).map(
    (from, k) =>
      new Promise<void>((resolve, reject) => {
        const to = cuts[k + 1] as number;
        const worker = all[k % all.length] as Worker;
        const job = nextJob++;
        const listener = (event: MessageEvent<{ job: number; tokens?: Float64Array; encoding?: TokenEncoding; fallback?: string; error?: string }>) => {
          if (event.data.job !== job) return;
          worker.removeEventListener('message', listener);
          worker.removeEventListener('error', failed);
          if (event.data.error !== undefined || !event.data.tokens) {
            reject(new Error(event.data.error ?? 'a counting worker sent nothing'));
            return;
          }
          tokens.set(event.data.tokens, from);
          if (event.data.fallback) fallback = event.data.fallback;
          if (event.data.encoding) counted = event.data.encoding;
          done += to - from;
          onProgress(done / Math.max(1, messages.length));
          resolve();
        };
        // A worker that fails to start or throws outside the job (a vocabulary chunk that would not load) sends no
        // message; without this the count would wait forever.
        const failed = (event: Event) => {
          worker.removeEventListener('message', listener);
          worker.removeEventListener('error', failed);
          reject(new Error(event instanceof ErrorEvent && event.message ? event.message : 'a counting worker stopped'));
        };
        worker.addEventListener('message', listener);
        worker.addEventListener('error', failed);
        const { fixed, texts, owner } = collectCountTexts(messages, encoding, from, to);
        worker.postMessage({ job, encoding, fixed, texts, owner }, [fixed.buffer, owner.buffer]);
      }),
  );
  counting++;
  const settle = () => {
    counting--;
    if (total >= RETIRE_AFTER_CHARS || retireWhenIdle) retirePool();
  };
  return Promise.all(jobs).then(
    () => {
      settle();
      return { tokens, encoding: counted, ...(fallback ? { fallback } : {}) };
    },
    (error: unknown) => {
      settle();
      throw error;
    },
  );
}
