import type { FetchLike } from './types';

/** An `AbortSignal` as the summarizer uses it: the core compiles without the DOM library. */
export interface ListenableSignal {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener?(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener?(type: 'abort', listener: () => void): void;
}

export interface HostGlobals {
  fetch: FetchLike | undefined;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  AbortController: new () => { readonly signal: ListenableSignal; abort(reason?: unknown): void };
}

/**
 * The runtime's `fetch`, timers and `AbortController`, which every runtime the package supports has (Node 20,
 * browsers, workers, Deno, Bun) but the ES library does not declare. Read at call time, so a test's stub is seen.
 */
export function hostGlobals(): HostGlobals {
  const host = globalThis as unknown as Partial<HostGlobals>;
  if (typeof host.setTimeout !== 'function' || typeof host.clearTimeout !== 'function' || typeof host.AbortController !== 'function') {
    throw new Error('createModelSummarizer: this runtime lacks setTimeout or AbortController');
  }
  const fetch = typeof host.fetch === 'function' ? host.fetch.bind(globalThis) : undefined;
  return {
    fetch,
    setTimeout: host.setTimeout.bind(globalThis),
    clearTimeout: host.clearTimeout.bind(globalThis),
    AbortController: host.AbortController,
  };
}
