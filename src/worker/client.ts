/**
 * The main thread's side of the prune worker: request ids, stale answers dropped, plans coalesced, cancels sent.
 *
 * - Each kind of request is a channel (load, search, detail, explain, export). Only the newest request of a channel may
 *   answer; an older one resolves as `null` (stale) the moment a newer one is sent, and its answer is dropped.
 * - A load supersedes everything: pending plans, searches and details of the previous transcript turn stale, and the
 *   worker is told to stop the older load.
 * - Plans are coalesced: at most one is in flight; changes that arrive meanwhile collapse into the newest, which is
 *   sent when the quick lanes of the one in flight come back. Slow lanes and verdicts arrive later as events; each
 *   plan says which lane and key it answers, so the store keeps only what matches what is on screen.
 * - A new file opens in a fresh worker (given a factory of transports, `FreshWorkers`): the one that held the
 *   transcript on screen is let go when the new one has loaded, and what was pending on it ends as stale; a load that
 *   fails or is superseded lets its own worker go instead.
 */
import type { LaneModelSettings, ProbePromptInfo, ProbesAnswer, LoadPlanRequest, OpenOptions, LoadPhase, LoadSource, ExportResult, MessageDetail, PlanRequest, WorkerRequest, WorkerResponse } from './protocol';
import { defaultTransport, type Transport, type TransportFactory } from './transport';
import { FreshWorkers } from './fresh-workers';
import { markPhase } from './phase-timing';
import { heardEvent, loadOutcome, type ClientEvents, type LoadOutcome } from './client-answers';
import type { TokenEncoding } from '../core';

/** For the browser benchmark's breakdown of a budget change (bench/browser.bench.ts): a plan sent, one heard. */
function markPlan(name: string, id: number, keys?: string[]): void {
  markPhase(name, { id, ...(keys ? { keys } : {}) });
}

export type { ClientEvents, LoadedDoc, LoadOutcome } from './client-answers';


type Channel = 'load' | 'search' | 'detail' | 'explain' | 'export' | 'probes';

interface Pending {
  channel: Channel;
  /** The worker asked: a cancel goes to it, and its failure ends the request. */
  transport: Transport;
  resolve: (response: WorkerResponse | null) => void;
  onProgress?: (phase: LoadPhase, bytes?: number) => void;
  /** Steps of a long request (the model's probes): requests done of the total. */
  onStep?: (done: number, total: number) => void;
}

export class PruneClient {
  private nextId = 1;
  private readonly latest: Record<Channel, number> = { load: 0, search: 0, detail: 0, explain: 0, export: 0, probes: 0 };
  private readonly pending = new Map<number, Pending>();
  private planInFlight = 0;
  private lastPlanSent = 0;
  private wantedPlan: { docId: number; plan: PlanRequest } | undefined;
  /**
   * Plans, counts and verdicts of transcripts no longer on screen are dropped: only ids from the load that put the
   * transcript on screen on may answer. It moves when a load succeeds, not when one starts: a load that fails leaves
   * the transcript on screen, whose counting must still be heard.
   */
  private epoch = 0;
  private readonly workers: FreshWorkers;
  readonly events: ClientEvents;

  /**
   * A factory lets each new file open in a fresh worker (`FreshWorkers`); a single transport serves every file.
   * `spares`: whether `prepareNextLoad` makes the next file's worker ahead (false: each file makes its own as it opens).
   */
  constructor(transport: Transport | TransportFactory = defaultTransport, events: ClientEvents = {}, options: { spares?: boolean } = { spares: true }) {
    this.events = events;
    this.workers = new FreshWorkers(transport, (t) => this.attach(t), (t) => this.release(t), options.spares ?? false);
  }

  /** The user is about to open another file: its worker starts now, while they pick it (see `FreshWorkers.prepare`). */
  prepareNextLoad(): void {
    this.workers.prepare();
  }

  /** The worker of the transcript on screen (or of none yet): plans, queries and reopens go to it. */
  private get transport(): Transport {
    return this.workers.current;
  }

  get kind(): Transport['kind'] {
    return this.transport.kind;
  }

  private attach(transport: Transport): Transport {
    transport.onResponse = (response) => this.receive(response, transport);
    transport.onFailure = (message) => this.fail(message, transport);
    return transport;
  }

  /** Lets a worker go: what was asked of it ends as stale, and nothing it still sends is heard. */
  private release(transport: Transport): void {
    this.endPending(transport);
    if (transport === this.transport) {
      this.planInFlight = 0;
      this.wantedPlan = undefined;
    }
    transport.onResponse = null;
    transport.onFailure = null;
    transport.terminate();
  }

  load(source: LoadSource, options: { plan: LoadPlanRequest; conversation?: number; open?: OpenOptions; onProgress?: Pending['onProgress'] }): Promise<LoadOutcome> {
    const id = this.open('load');
    this.supersedeDocWork();
    const request: WorkerRequest = {
      type: 'load',
      id,
      source,
      plan: options.plan,
      ...(options.conversation !== undefined ? { conversation: options.conversation } : {}),
      ...(options.open ? { open: options.open } : {}),
    };
    const transport = this.workers.forLoad(id);
    return this.ask(id, 'load', request, options.onProgress, undefined, transport).then((response) => {
      const outcome = loadOutcome(response);
      this.workers.settle(id, outcome.status === 'loaded');
      return this.adopted(id, outcome);
    });
  }

  /** Another conversation of the loaded file, or the same one in another scope or with repair switched. */
  reopen(docId: number, conversation: number, open: OpenOptions, plan: LoadPlanRequest): Promise<LoadOutcome> {
    const id = this.open('load');
    this.supersedeDocWork();
    return this.ask(id, 'load', { type: 'open', id, docId, conversation, open, plan }).then((response) => this.adopted(id, loadOutcome(response)));
  }

  private adopted(id: number, outcome: LoadOutcome): LoadOutcome {
    if (outcome.status === 'loaded') this.epoch = Math.max(this.epoch, id);
    return outcome;
  }

  /** Re-plan every lane; coalesced, answers arrive through `events.onPlanned` (quick lanes first, slow ones after). */
  setPlan(docId: number, plan: PlanRequest): void {
    this.wantedPlan = { docId, plan };
    if (!this.planInFlight) this.sendPlan();
  }

  /** Count tokens again with another encoding; the counts and the plans that follow arrive as events. */
  setEncoding(docId: number, encoding: TokenEncoding | 'auto', plan: PlanRequest): void {
    const id = this.nextId++;
    this.transport.post({ type: 'set-encoding', id, docId, encoding, plan });
  }

  /**
   * The model that writes the lanes' summaries, or null for none. The worker plans every lane again (summaries say
   * the model is asked) and asks it once the bound settles; its answers arrive as plans through `events.onPlanned`.
   */
  setModel(model: LaneModelSettings | null): void {
    this.workers.setModel({ type: 'set-model', id: this.nextId++, model });
  }

  /** The questions a lane's model-answered probes would send, to show first; null when stale. */
  async probePrompts(docId: number, plan: PlanRequest, laneId: string): Promise<ProbePromptInfo[] | null> {
    const id = this.open('probes');
    const response = await this.ask(id, 'probes', { type: 'probe-prompts', id, docId, plan, laneId });
    if (response?.type === 'error') throw new Error(response.message);
    return response?.type === 'probe-prompts' ? response.prompts : null;
  }

  /** A lane's probes answered by `model`; rejects with the model's error, null when stale or stopped by `cancelProbes`. */
  async askProbes(docId: number, plan: PlanRequest, laneId: string, model: LaneModelSettings, onStep?: (done: number, total: number) => void): Promise<ProbesAnswer | null> {
    const id = this.open('probes');
    const response = await this.ask(id, 'probes', { type: 'ask-probes', id, docId, plan, laneId, model }, undefined, onStep);
    if (response?.type === 'error') throw new Error(response.message);
    return response?.type === 'probes-answered' ? response.answer : null;
  }

  /** Stops the model's probes on their way: the request to the model is aborted, the promise resolves as null. */
  cancelProbes(): void {
    const id = this.latest.probes;
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    pending.resolve(null);
    pending.transport.post({ type: 'cancel', id });
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

  /** The lanes' accounts of message `index` alone: what a landed plan changes in an open detail, without its text again. */
  async explain(docId: number, index: number): Promise<MessageDetail['explain'] | null> {
    const id = this.open('explain');
    const response = await this.ask(id, 'explain', { type: 'explain', id, docId, index });
    return response?.type === 'explained' && response.index === index ? response.explain : null;
  }

  async exportLane(docId: number, plan: PlanRequest, laneId: string): Promise<ExportResult | null> {
    const id = this.open('export');
    const response = await this.ask(id, 'export', { type: 'export', id, docId, plan, laneId });
    if (response?.type === 'error') throw new Error(response.message);
    return response?.type === 'exported' ? response.result : null;
  }

  dispose(): void {
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.resolve(null);
    }
    this.workers.dispose();
  }

  /** Ends every request pending on `transport`, so none waits forever: loads with `error` when given, all else stale. */
  private endPending(transport: Transport, error?: string): void {
    for (const [id, pending] of this.pending) {
      if (pending.transport !== transport) continue;
      this.pending.delete(id);
      pending.resolve(pending.channel === 'load' && error !== undefined ? { type: 'load-error', id, error: { message: error, formatsTried: [] } } : null);
    }
  }

  /** A worker broke: every request pending on it ends now, loads with the error. */
  private fail(message: string, transport: Transport): void {
    this.endPending(transport, message);
    if (transport === this.transport && this.planInFlight) {
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
      // A file opening in a worker of its own stops with that worker, and takes nothing of it along.
      if (!this.workers.stop(previous) && (channel === 'load' || channel === 'probes')) stale.transport.post({ type: 'cancel', id: previous });
    }
    return id;
  }

  private supersedeDocWork(): void {
    if (this.lastPlanSent) this.transport.post({ type: 'cancel', id: this.lastPlanSent });
    this.planInFlight = 0;
    this.wantedPlan = undefined;
    for (const channel of ['search', 'detail', 'explain', 'export', 'probes'] as const) {
      const stale = this.pending.get(this.latest[channel]);
      if (stale) {
        this.pending.delete(this.latest[channel]);
        stale.resolve(null);
        // The model's probes of the old transcript would go on asking: stop them.
        if (channel === 'probes') this.transport.post({ type: 'cancel', id: this.latest[channel] });
      }
    }
  }

  private ask(id: number, channel: Channel, request: WorkerRequest, onProgress?: Pending['onProgress'], onStep?: Pending['onStep'], transport = this.transport): Promise<WorkerResponse | null> {
    return new Promise((resolve) => {
      this.pending.set(id, { channel, transport, resolve, ...(onProgress ? { onProgress } : {}), ...(onStep ? { onStep } : {}) });
      transport.post(request);
    });
  }

  private sendPlan(): void {
    const want = this.wantedPlan;
    if (!want) return;
    this.wantedPlan = undefined;
    // Slow lanes and verdicts of the previous plan are not wanted any more.
    if (this.lastPlanSent) this.transport.post({ type: 'cancel', id: this.lastPlanSent });
    const id = this.nextId++;
    this.planInFlight = id;
    this.lastPlanSent = id;
    markPlan('ps:plan-sent', id);
    this.transport.post({ type: 'plan', id, docId: want.docId, plan: want.plan });
  }

  private receive(response: WorkerResponse, from: Transport): void {
    // A worker let go may still have answers on their way: none of them is heard.
    if (!this.workers.hears(from)) return;
    const { id } = response;
    switch (response.type) {
      case 'planned':
        markPlan('ps:plan-received', id, response.plans.map((p) => p.key));
        if (id === this.planInFlight) {
          this.planInFlight = 0;
          this.sendPlan();
        }
        if (id >= this.epoch) heardEvent(response, this.events);
        return;
      case 'tokens':
        if (id < this.epoch) return;
        // The next file will most likely be counted the same way: its worker, made ahead, loads that vocabulary now.
        if (response.encoding !== 'chars' && response.fallback === undefined) this.workers.warm({ type: 'warm', id: this.nextId++, encoding: response.encoding });
        heardEvent(response, this.events);
        return;
      case 'count-progress':
      case 'lane-error':
      case 'scored':
      case 'verdicts':
        if (id >= this.epoch) heardEvent(response, this.events);
        return;
      case 'progress': {
        const pending = this.pending.get(id);
        pending?.onProgress?.(response.phase, response.bytes);
        return;
      }
      case 'probe-progress':
        this.pending.get(id)?.onStep?.(response.done, response.total);
        return;
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
