/**
 * Runs replays off the main thread and off the prune worker: each replay gets a fresh worker, and a newer replay (or
 * `cancel`) terminates the one before (`OneRunClient`), so a replay that would take minutes never holds anything up
 * and a stale answer is never shown. Where workers cannot be made (tests in Node), the replay runs on this thread.
 */
import { OneRunClient } from './one-run-client';
import type { ReplayRequest, ReplayResponse } from './replay-protocol';

export class ReplayClient extends OneRunClient<ReplayRequest, ReplayResponse> {
  constructor() {
    super({
      spawn: () => new Worker(new URL('./replay.worker.ts', import.meta.url), { type: 'module', name: 'prunescope-replay' }),
      runHere: (request, post) => import('./replay-run').then(({ runReplay }) => runReplay(request, post)),
      isLast: (response) => response.type === 'done' || response.type === 'error',
      crashed: (message) => ({ type: 'error', message: message || 'the replay worker stopped' }),
    });
  }
}
