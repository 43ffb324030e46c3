/** The prune worker: a thin `onmessage` over the handler; all logic lives in `handler.ts`. */
import { createPruneHandler } from './handler';
import type { WorkerRequest } from './protocol';

// The app's tsconfig has the DOM lib, not WebWorker; this is the part of DedicatedWorkerGlobalScope we use.
interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const handle = createPruneHandler((response, transfer) => scope.postMessage(response, transfer));
scope.onmessage = (event) => handle(event.data);
