/**
 * Runs replays off the main thread and off the prune worker: each replay gets a fresh worker, and a newer replay (or
 * `cancel`) terminates the one before, so a replay that would take minutes never holds anything up and a stale
 * answer is never shown. Where workers cannot be made (tests in Node), the replay runs on this thread.
 */
import type { ReplayRequest, ReplayResponse } from './replay-protocol';

export class ReplayClient {
  private worker: Worker | undefined;
  private run = 0;

  /** Starts a replay; `onResponse` hears its answers, and stops hearing them once another replay starts. */
  start(request: ReplayRequest, onResponse: (response: ReplayResponse) => void): void {
    this.cancel();
    const run = ++this.run;
    const deliver = (response: ReplayResponse) => {
      if (run === this.run) onResponse(response);
    };
    if (typeof Worker !== 'function' || typeof location === 'undefined') {
      // Loaded on demand: the replay and the parsers it needs stay out of the page's first download.
      void import('./replay-run').then(({ runReplay }) => runReplay(request, deliver));
      return;
    }
    const worker = new Worker(new URL('./replay.worker.ts', import.meta.url), { type: 'module', name: 'prunescope-replay' });
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<ReplayResponse>) => {
      deliver(event.data);
      if (event.data.type === 'done' || event.data.type === 'error') this.finish(worker);
    };
    worker.onerror = (event) => {
      deliver({ type: 'error', message: event.message || 'the replay worker stopped' });
      this.finish(worker);
    };
    worker.postMessage(request);
  }

  cancel(): void {
    this.run++;
    if (this.worker) this.finish(this.worker);
  }

  private finish(worker: Worker): void {
    worker.terminate();
    if (this.worker === worker) this.worker = undefined;
  }
}
