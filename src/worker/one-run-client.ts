/**
 * Runs one long job at a time off the main thread: each run gets a fresh worker, and a newer run (or `cancel`)
 * terminates the one before, so a job that would take minutes never holds anything up and a stale answer is never
 * shown. Where workers cannot be made (tests in Node), the job runs on this thread and `cancel` aborts its signal.
 * The replay and the advisor each run through one.
 */
export interface OneRunJob<Request, Response> {
  /** A fresh worker for one run (`new Worker(new URL(…, import.meta.url))`, so the bundler finds it). */
  spawn(): Worker;
  /** The job on this thread, loaded on demand so it stays out of the page's first download. */
  runHere(request: Request, post: (response: Response) => void, signal: AbortSignal): Promise<void>;
  /** The run's last answer: its worker is done. */
  isLast(response: Response): boolean;
  /** The answer for a worker that stopped without one. */
  crashed(message: string): Response;
}

export class OneRunClient<Request, Response> {
  private worker: Worker | undefined;
  private abort: AbortController | undefined;
  private run = 0;

  constructor(private readonly job: OneRunJob<Request, Response>) {}

  /** Starts a run; `onResponse` hears its answers, and stops hearing them once another run starts. */
  start(request: Request, onResponse: (response: Response) => void): void {
    this.cancel();
    const run = ++this.run;
    const deliver = (response: Response) => {
      if (run === this.run) onResponse(response);
    };
    if (typeof Worker !== 'function' || typeof location === 'undefined') {
      const abort = new AbortController();
      this.abort = abort;
      void this.job.runHere(request, deliver, abort.signal);
      return;
    }
    const worker = this.job.spawn();
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<Response>) => {
      deliver(event.data);
      if (this.job.isLast(event.data)) this.finish(worker);
    };
    worker.onerror = (event) => {
      deliver(this.job.crashed(event.message));
      this.finish(worker);
    };
    worker.postMessage(request);
  }

  cancel(): void {
    this.run++;
    this.abort?.abort();
    this.abort = undefined;
    if (this.worker) this.finish(this.worker);
  }

  private finish(worker: Worker): void {
    worker.terminate();
    if (this.worker === worker) this.worker = undefined;
  }
}
