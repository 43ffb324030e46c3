/** Runs the advisor's sweep in a worker of its own (`OneRunClient`): cancel or a newer sweep terminates it. */
import { OneRunClient } from './one-run-client';
import type { AdviseRequest, AdviseResponse } from './advise-protocol';

export class AdviseClient extends OneRunClient<AdviseRequest, AdviseResponse> {
  constructor() {
    super({
      spawn: () => new Worker(new URL('./advise.worker.ts', import.meta.url), { type: 'module', name: 'prunescope-advise' }),
      runHere: (request, post, signal) => import('./advise-run').then(({ runAdvise }) => runAdvise(request, post, signal)),
      isLast: (response) => response.type === 'result' || response.type === 'error',
      crashed: (message) => ({ type: 'error', message: message || 'the advisor’s worker stopped' }),
    });
  }
}
