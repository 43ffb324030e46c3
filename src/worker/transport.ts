/**
 * How the client reaches the prune handler: a Web Worker, or the same handler on the main thread when no Worker can be
 * created (old browser, blocked by policy), loaded on demand so the parsers and the core stay out of the main bundle.
 */
import type { WorkerRequest, WorkerResponse } from './protocol';

export interface Transport {
  post(request: WorkerRequest): void;
  onResponse: ((response: WorkerResponse) => void) | null;
  /** The worker failed (an uncaught error, a message it could not read). */
  onFailure: ((message: string) => void) | null;
  terminate(): void;
  readonly kind: 'worker' | 'main-thread';
}

/** Makes a transport to a new worker: one for each file the client opens. */
export type TransportFactory = () => Transport;

export function workerTransport(): Transport {
  const worker = new Worker(new URL('./prune.worker.ts', import.meta.url), { type: 'module', name: 'prunescope' });
  const transport: Transport = {
    kind: 'worker',
    onResponse: null,
    onFailure: null,
    post: (request) => worker.postMessage(request),
    terminate: () => worker.terminate(),
  };
  worker.onmessage = (event: MessageEvent<WorkerResponse>) => transport.onResponse?.(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    transport.onFailure?.(event.message || 'The prune worker stopped unexpectedly.');
  };
  worker.onmessageerror = () => transport.onFailure?.('A message from the prune worker could not be read.');
  return transport;
}

/**
 * The handler on this thread, answering asynchronously like a worker would. Loaded on demand, so the parsers
 * and the core stay out of the main bundle when a Worker is available.
 */
export function inProcessTransport(): Transport {
  let handle: ((request: WorkerRequest) => void) | undefined;
  const queue: WorkerRequest[] = [];
  const transport: Transport = {
    kind: 'main-thread',
    onResponse: null,
    onFailure: null,
    post: (request) =>
      setTimeout(() => {
        if (handle) handle(request);
        else queue.push(request);
      }, 0),
    terminate: () => {
      transport.onResponse = null;
    },
  };
  void import('./handler').then(({ createPruneHandler }) => {
    handle = createPruneHandler((response) => setTimeout(() => transport.onResponse?.(response), 0));
    for (const request of queue.splice(0)) handle(request);
  });
  return transport;
}

export function defaultTransport(): Transport {
  try {
    if (typeof Worker === 'function') return workerTransport();
  } catch {
    // Fall through to the main thread.
  }
  return inProcessTransport();
}

