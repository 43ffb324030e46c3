/**
 * A token-counting worker of the pool: counts the texts of a share with one encoding (`collectCountTexts`), and says
 * so. A `warm` message only loads the vocabulary, ahead of the share.
 */
import { createTokenCounter, type TokenEncoding } from '../core';
import { countCollected } from './count-texts';

interface CountRequest {
  job: number;
  encoding: TokenEncoding;
  warm?: true;
  fixed: Float64Array;
  texts: string[];
  owner: Int32Array;
}

interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<CountRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  const request = event.data;
  const counting = createTokenCounter({ encoding: request.encoding });
  if (request.warm) {
    // A vocabulary that fails to load here fails again, and is reported, when a share is counted.
    counting.catch(() => undefined);
    return;
  }
  void counting
    .then((counter) => {
      const tokens = countCollected(request, counter);
      scope.postMessage({ job: request.job, tokens, encoding: counter.encoding, fallback: counter.fallback?.reason }, [tokens.buffer]);
    })
    .catch((error: unknown) => scope.postMessage({ job: request.job, error: error instanceof Error ? error.message : String(error) }, []));
};
