/** The replay worker: one replay per worker; the client terminates it when a newer replay supersedes it. */
import { runReplay } from './replay-run';
import { replayTransfer, type ReplayRequest } from './replay-protocol';

interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ReplayRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  void runReplay(event.data, (response) => scope.postMessage(response, replayTransfer(response)));
};
