/** The advisor's worker: one sweep per worker; the client terminates it when cancelled or superseded. */
import { runAdvise } from './advise-run';
import type { AdviseRequest, AdviseResponse } from './advise-protocol';

interface WorkerScope {
  postMessage(message: AdviseResponse): void;
  onmessage: ((event: MessageEvent<AdviseRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  void runAdvise(event.data, (response) => scope.postMessage(response));
};
