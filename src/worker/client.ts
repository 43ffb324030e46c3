/**
 * The main thread's side of the prune worker: request ids, stale answers dropped, plans coalesced.
 *
 * - Each kind of request is a channel (load, plan, search, detail, export). Only the newest request of a channel
 *   may answer; an older one resolves as `null` (stale) the moment a newer one is sent, and its answer is dropped.
 * - A load supersedes everything: pending plans, searches and details of the previous transcript turn stale.
 * - Plans are coalesced: at most one is in flight; changes that arrive meanwhile collapse into the newest, which is
 *   sent when the answer comes back. So a fast drag never queues work the worker cannot keep up with.
 * - When a Worker cannot be created (old browser, blocked by policy), the same handler runs on the main thread.
 */
import type { PruneStrategy } from '../core';
import type {
  DocSummary,
  ExportResult,
  LoadErrorInfo,
  LoadPhase,
  LoadSource,
  MessageDetail,
  PlanResult,
  RowData,
  Verdict,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

export interface Transport {
  post(request: WorkerRequest): void;
  onResponse: ((response: WorkerResponse) => void) | null;
  /** The worker failed (an uncaught error, a message it could not read). */
  onFailure: ((message: string) => void) | null;
  terminate(): void;
  readonly kind: 'worker' | 'main-thread';
}

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

export interface LoadedDoc {
  status: 'loaded';
  doc: DocSummary;
  rows: RowData;
  maxTurns: number;
  plans: PlanResult[];
}
export type LoadOutcome = LoadedDoc | { status: 'error'; error: LoadErrorInfo } | { status: 'stale' };

export interface PlanUpdate {
  docId: number;
  maxTurns: number;
  plans: PlanResult[];
}
export interface VerdictUpdate {
  docId: number;
  maxTurns: number;
  verdicts: Verdict[];
}

export interface ClientEvents {
  onPlanned?: (update: PlanUpdate) => void;
  onVerdicts?: (update: VerdictUpdate) => void;
  onPlanError?: (message: string) => void;
}

type Channel = 'load' | 'search' | 'detail' | 'export';

interface Pending {
  channel: Channel;
  resolve: (response: WorkerResponse | null) => void;
  onProgress?: (phase: LoadPhase, bytes?: number) => void;
}

export class PruneClient {
  private nextId = 1;
  private readonly latest: Record<Channel, number> = { load: 0, search: 0, detail: 0, export: 0 };
  private readonly pending = new Map<number, Pending>();
  private planInFlight = 0;
  private wantedPlan: { docId: number; maxTurns: number } | undefined;
  /** Plans and verdicts of older loads are dropped: only ids after the newest load may answer. */
  private epoch = 0;
  private lastPlanShown = 0;
  readonly events: ClientEvents;

  constructor(
    private readonly transport: Transport = defaultTransport(),
    events: ClientEvents = {},
  ) {
    this.events = events;
    transport.onResponse = (response) => this.receive(response);
    transport.onFailure = (message) => this.fail(message);
  }

  get kind(): Transport['kind'] {
    return this.transport.kind;
  }

  load(
    source: LoadSource,
    options: { maxTurns?: number; conversation?: number; onProgress?: Pending['onProgress'] } = {},
  ): Promise<LoadOutcome> {
    const id = this.open('load');
    this.supersedeDocWork(id);
    const request: WorkerRequest = {
      type: 'load',
      id,
      source,
      ...(options.maxTurns !== undefined ? { maxTurns: options.maxTurns } : {}),
      ...(options.conversation !== undefined ? { conversation: options.conversation } : {}),
    };
    return this.ask(id, 'load', request, options.onProgress).then(loadOutcome);
  }

  selectConversation(docId: number, conversation: number, maxTurns?: number): Promise<LoadOutcome> {
    const id = this.open('load');
    this.supersedeDocWork(id);
    const request: WorkerRequest = {
      type: 'select-conversation',
      id,
      docId,
      conversation,
      ...(maxTurns !== undefined ? { maxTurns } : {}),
    };
    return this.ask(id, 'load', request).then(loadOutcome);
  }

  /** Re-plan all strategies; coalesced, answers arrive through `events.onPlanned`. */
  setMaxTurns(docId: number, maxTurns: number): void {
    this.wantedPlan = { docId, maxTurns };
    if (!this.planInFlight) this.sendPlan();
  }

  async search(docId: number, query: string): Promise<Int32Array | null> {
    const id = this.open('search');
    const response = await this.ask(id, 'search', { type: 'search', id, docId, query });
    return response?.type === 'search-result' ? response.matches : null;
  }

  async detail(docId: number, index: number): Promise<MessageDetail | null> {
    const id = this.open('detail');
    const response = await this.ask(id, 'detail', { type: 'detail', id, docId, index });
    return response?.type === 'detail' ? response.detail : null;
  }

  async exportPruned(docId: number, strategy: PruneStrategy, maxTurns: number): Promise<ExportResult | null> {
    const id = this.open('export');
    const response = await this.ask(id, 'export', { type: 'export', id, docId, strategy, maxTurns });
    if (response?.type === 'error') throw new Error(response.message);
    return response?.type === 'exported' ? response.result : null;
  }

  dispose(): void {
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.resolve(null);
    }
    this.transport.terminate();
  }

  /** The worker broke: every pending request ends now, loads with the error, so nothing waits forever. */
  private fail(message: string): void {
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.resolve(pending.channel === 'load' ? { type: 'load-error', id, error: { message, formatsTried: [] } } : null);
    }
    if (this.planInFlight) {
      this.planInFlight = 0;
      this.events.onPlanError?.(message);
    }
  }

  private open(channel: Channel): number {
    const id = this.nextId++;
    const previous = this.latest[channel];
    this.latest[channel] = id;
    const stale = this.pending.get(previous);
    if (stale) {
      this.pending.delete(previous);
      stale.resolve(null);
    }
    return id;
  }

  private supersedeDocWork(loadId: number): void {
    this.epoch = loadId;
    this.planInFlight = 0;
    this.wantedPlan = undefined;
    for (const channel of ['search', 'detail', 'export'] as const) {
      const stale = this.pending.get(this.latest[channel]);
      if (stale) {
        this.pending.delete(this.latest[channel]);
        stale.resolve(null);
      }
    }
  }

  private ask(id: number, channel: Channel, request: WorkerRequest, onProgress?: Pending['onProgress']): Promise<WorkerResponse | null> {
    return new Promise((resolve) => {
      this.pending.set(id, { channel, resolve, ...(onProgress ? { onProgress } : {}) });
      this.transport.post(request);
    });
  }

  private sendPlan(): void {
    const want = this.wantedPlan;
    if (!want) return;
    this.wantedPlan = undefined;
    const id = this.nextId++;
    this.planInFlight = id;
    this.transport.post({ type: 'plan', id, docId: want.docId, maxTurns: want.maxTurns });
  }

  private receive(response: WorkerResponse): void {
    const { id } = response;
    switch (response.type) {
      case 'planned':
        if (id === this.planInFlight) {
          this.planInFlight = 0;
          this.sendPlan();
        }
        if (id < this.epoch || id <= this.lastPlanShown) return;
        this.lastPlanShown = id;
        this.events.onPlanned?.({ docId: response.docId, maxTurns: response.maxTurns, plans: response.plans });
        return;
      case 'verdicts':
        if (id < this.epoch) return;
        this.events.onVerdicts?.({ docId: response.docId, maxTurns: response.maxTurns, verdicts: response.verdicts });
        return;
      case 'progress': {
        const pending = this.pending.get(id);
        pending?.onProgress?.(response.phase, response.bytes);
        return;
      }
      case 'error':
        if (id === this.planInFlight) {
          this.planInFlight = 0;
          this.events.onPlanError?.(response.message);
          this.sendPlan();
          return;
        }
        break;
      default:
        break;
    }
    const pending = this.pending.get(id);
    if (!pending) return; // stale or unknown: dropped
    this.pending.delete(id);
    pending.resolve(this.latest[pending.channel] === id ? response : null);
  }
}

function loadOutcome(response: WorkerResponse | null): LoadOutcome {
  if (response === null) return { status: 'stale' };
  if (response.type === 'loaded') {
    return { status: 'loaded', doc: response.doc, rows: response.rows, maxTurns: response.maxTurns, plans: response.plans };
  }
  if (response.type === 'load-error') return { status: 'error', error: response.error };
  if (response.type === 'error') return { status: 'error', error: { message: response.message, formatsTried: [] } };
  return { status: 'stale' };
}
