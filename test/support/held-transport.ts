/**
 * The real prune handler behind a transport whose answers a test can hold back and release in any order, and which
 * records what was sent to it and whether it was let go.
 */
import { createPruneHandler } from '../../src/worker/handler';
import type { WorkerRequest, WorkerResponse } from '../../src/worker/protocol';
import type { Transport } from '../../src/worker/transport';

export interface HeldTransport {
  transport: Transport;
  sent: WorkerRequest[];
  held: WorkerResponse[];
  hold(on: boolean): void;
  release(responses: WorkerResponse[]): void;
  terminated(): boolean;
}

export function heldTransport(): HeldTransport {
  const held: WorkerResponse[] = [];
  const sent: WorkerRequest[] = [];
  let hold = false;
  let terminated = false;
  const transport: Transport = {
    kind: 'main-thread',
    onResponse: null,
    onFailure: null,
    post: (request) => {
      sent.push(request);
      handle(request);
    },
    terminate: () => {
      terminated = true;
    },
  };
  const handle = createPruneHandler(
    (response) => {
      if (hold) held.push(response);
      else setTimeout(() => transport.onResponse?.(response), 0);
    },
    { verdictDelay: () => 0 },
  );
  return {
    transport,
    sent,
    held,
    hold: (on) => {
      hold = on;
    },
    // As a worker's port would: what a transport let go of still sends goes to whoever listens now.
    release: (responses) => responses.forEach((r) => transport.onResponse?.(r)),
    terminated: () => terminated,
  };
}
