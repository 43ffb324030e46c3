/** A token-counting worker of the pool: counts the messages it is given with one encoding, and says so. */
import { countMessageTokens, createTokenCounter, type Message, type TokenEncoding } from '../core';

interface CountRequest {
  job: number;
  encoding: TokenEncoding;
  messages: Message[];
}

interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<CountRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  const { job, encoding, messages } = event.data;
  void createTokenCounter({ encoding })
    .then((counter) => {
      const tokens = countMessageTokens(messages, counter);
      scope.postMessage({ job, tokens, encoding: counter.encoding, fallback: counter.fallback?.reason }, [tokens.buffer]);
    })
    .catch((error: unknown) => scope.postMessage({ job, error: error instanceof Error ? error.message : String(error) }, []));
};
