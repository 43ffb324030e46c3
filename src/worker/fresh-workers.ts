/**
 * Which prune worker the client talks to: the one holding the transcript on screen, and, while a new file opens, a
 * fresh one of its own. The fresh one replaces the current one when its file has loaded, and the current one is let
 * go with everything it kept (its caches, its counting workers and their vocabularies): nothing of a replaced
 * transcript survives it. A load that fails or is superseded lets its own worker go instead, so the transcript on
 * screen keeps answering. Without a factory (a single transport), every file opens in the same worker.
 *
 * A fresh worker pays for its start (fetching and compiling the worker's code, and the vocabulary its counting
 * workers load) before it reads a file; so that the next file's first paint does not, a spare is made when the user
 * shows they are about to open one (`prepare`: the pointer on Upload, Paste… opened, files dragged over the page),
 * while they pick it, and the next file opens in it. Not after every load: a spare nobody uses costs a worker's
 * start and a vocabulary on every page (a fifth of the browser journeys' CPU) and holds their memory.
 */
import type { WorkerRequest } from './protocol';
import type { Transport, TransportFactory } from './transport';

export class FreshWorkers {
  /** The worker of the transcript on screen (or of none yet). */
  current: Transport;
  private opening: { id: number; transport: Transport } | undefined;
  /** Whether `current` was ever asked to open a file: a worker that never held one opens the first itself. */
  private used = false;
  /** What every fresh worker must be told before its file (the model the lanes' summaries are asked of). */
  private model: Extract<WorkerRequest, { type: 'set-model' }> | undefined;
  private readonly make: TransportFactory | undefined;
  /** A worker made ahead of the next file, holding nothing yet. */
  private spare: Transport | undefined;
  /** The vocabulary the spare loads ahead (the last counts' encoding), and whether the spare was told. */
  private warmth: Extract<WorkerRequest, { type: 'warm' }> | undefined;
  private spareWarmed = false;

  /** `attach` wires a worker to the client; `letGo` ends what is pending on one and terminates it. */
  constructor(
    source: Transport | TransportFactory,
    private readonly attach: (transport: Transport) => Transport,
    private readonly letGo: (transport: Transport) => void,
    /** Whether `prepare` makes a spare; false: each file pays for its worker's start. */
    private readonly spares = false,
  ) {
    this.make = typeof source === 'function' ? source : undefined;
    this.current = attach(typeof source === 'function' ? source() : source);
  }

  private fresh(make: TransportFactory): Transport {
    const spare = this.spare;
    this.spare = undefined;
    return spare ?? this.attach(make());
  }

  /**
   * Another file is about to be opened: makes its worker now and warms it (at once if the last counts' encoding is
   * known). Once: a spare already made is kept. Not while a file opens (it would start beside that load, the work it
   * is there to keep out of a load's way), nor before the first file (which opens in the worker made at the start).
   * A spare that fails to start is dropped, and the next file makes its own.
   */
  prepare(): void {
    const { make } = this;
    if (!make || !this.spares || !this.used || this.spare || this.opening) return;
    const spare = this.attach(make());
    const onFailure = spare.onFailure;
    spare.onFailure = (message) => {
      if (this.spare !== spare) return onFailure?.(message);
      this.spare = undefined;
      this.letGo(spare);
    };
    this.spare = spare;
    this.spareWarmed = false;
    this.warmSpare();
  }

  private warmSpare(): void {
    if (!this.spare || !this.warmth || this.spareWarmed) return;
    this.spareWarmed = true;
    this.spare.post(this.warmth);
  }

  /**
   * The transcript on screen was counted with `request.encoding`: the spare loads that vocabulary and starts its
   * counting workers now (or as soon as it is made), when they no longer compete with that count for a core.
   */
  warm(request: Extract<WorkerRequest, { type: 'warm' }>): void {
    if (this.warmth?.encoding !== request.encoding) this.spareWarmed = false;
    this.warmth = request;
    this.warmSpare();
  }

  /** The worker load `id` opens its file in: a fresh one, unless the current one never held a file or none can be made. */
  forLoad(id: number): Transport {
    if (!this.make || !this.used) {
      this.used = true;
      return this.current;
    }
    const transport = this.fresh(this.make);
    if (this.model) transport.post(this.model);
    this.opening = { id, transport };
    return transport;
  }

  /** Load `id` ended: its fresh worker replaces the current one if it loaded, and is let go if not. */
  settle(id: number, loaded: boolean): void {
    if (!this.opening || this.opening.id !== id) return;
    const { transport } = this.opening;
    this.opening = undefined;
    if (!loaded) return this.letGo(transport);
    this.letGo(this.current);
    this.current = transport;
  }

  /** Stops load `id` if it opens in a worker of its own (by letting that worker go); false if it does not. */
  stop(id: number): boolean {
    if (this.opening?.id !== id) return false;
    this.settle(id, false);
    return true;
  }

  /** Whether answers from `transport` are still wanted: it is the current worker or the one opening a file. */
  hears(transport: Transport): boolean {
    return transport === this.current || transport === this.opening?.transport;
  }

  /** Tells the workers, and every fresh one after, which model the lanes ask (its id answers nothing, so one serves all). */
  setModel(request: Extract<WorkerRequest, { type: 'set-model' }>): void {
    this.model = request;
    this.current.post(request);
    this.opening?.transport.post(request);
  }

  dispose(): void {
    if (this.spare) this.letGo(this.spare);
    this.spare = undefined;
    if (this.opening) this.letGo(this.opening.transport);
    this.opening = undefined;
    this.letGo(this.current);
  }
}
