import { Worker } from 'node:worker_threads';
import { analyzeConversation, errorText } from './analyze-conversation';
import type { ReplayCore } from '../replay/replay-core';
import type { ConversationOutcome, ConversationTask, ReportSettings } from './types';

/** Runs conversations, `jobs` at a time; a conversation that fails comes back with `error`, never as a rejection. */
export interface Runner<T = ConversationTask, O = ConversationOutcome> {
  run(task: T): Promise<O>;
  close(): Promise<void>;
}

export function failed(task: ConversationTask, error: string): ConversationOutcome {
  return { file: task.file, id: task.id, format: task.format, messages: task.messages.length, tokens: 0, encoding: '', inputValid: false, hasTask: false, strategies: [], error };
}

/** `--jobs 1`: no thread to start, nothing to copy. */
export function inProcessRunner(settings: ReportSettings, replay?: ReplayCore): Runner {
  return {
    run: (task) => analyzeConversation(task, settings, replay).catch((error: unknown) => failed(task, errorText(error))),
    close: async () => undefined,
  };
}

interface Pending<T, O> {
  task: T;
  resolve: (outcome: O) => void;
}

/** The messages a worker posts back. */
export type WorkerReply<O = ConversationOutcome> = { id: number; outcome: O } | { id: number; error: string };

/** Conversations posted to a worker ahead of the one it is on, so it never waits for the main thread between two. */
const PREFETCH = 2;

/**
 * `jobs` worker threads running `workerUrl` (the built `report-worker.js`), given `workerData` (`report`'s settings,
 * or `{ advise: settings }`). Each holds up to `PREFETCH` conversations (in its own message queue, worked one after
 * another) and loads its vocabulary once. A worker that dies fails the conversations it held (`failedOf`) and is
 * replaced.
 */
export function workerRunner(jobs: number, workerUrl: URL, settings: ReportSettings): Runner {
  return workerPool(jobs, workerUrl, settings, failed);
}

export function workerPool<T, O>(jobs: number, workerUrl: URL, workerData: unknown, failedOf: (task: T, error: string) => O): Runner<T, O> {
  const queue: Pending<T, O>[] = [];
  const held = new Map<Worker, Map<number, Pending<T, O>>>();
  let next = 0;
  let closing = false;

  // When each worker was last given a task: of workers holding as few, the one given a task longest ago is next.
  const lastGiven = new Map<Worker, number>();
  const spawn = () => {
    const worker = new Worker(workerUrl, { workerData });
    const mine = new Map<number, Pending<T, O>>();
    held.set(worker, mine);
    worker.on('message', (reply: WorkerReply<O>) => {
      const pending = mine.get(reply.id);
      if (pending === undefined) return;
      mine.delete(reply.id);
      pending.resolve('outcome' in reply ? reply.outcome : failedOf(pending.task, reply.error));
      pump();
    });
    worker.on('error', (error) => {
      held.delete(worker);
      lastGiven.delete(worker);
      for (const pending of mine.values()) pending.resolve(failedOf(pending.task, `worker failed: ${errorText(error)}`));
      if (!closing) {
        spawn();
        pump();
      }
    });
  };
  const pump = () => {
    while (queue.length > 0) {
      // To the worker holding the fewest, and of those the one given a task longest ago: tasks posted one at a time
      // (a long conversation's parts) spread over the threads instead of queueing behind each other on one.
      let target: [Worker, Map<number, Pending<T, O>>] | undefined;
      for (const entry of held) {
        if (entry[1].size >= PREFETCH) continue;
        if (target === undefined || entry[1].size < target[1].size || (entry[1].size === target[1].size && (lastGiven.get(entry[0]) ?? -1) < (lastGiven.get(target[0]) ?? -1))) target = entry;
      }
      if (target === undefined) return;
      const pending = queue.shift() as Pending<T, O>;
      const id = next++;
      lastGiven.set(target[0], id);
      target[1].set(id, pending);
      target[0].postMessage({ id, task: pending.task });
    }
  };
  for (let i = 0; i < jobs; i++) spawn();

  return {
    run: (task) =>
      new Promise((resolve) => {
        queue.push({ task, resolve });
        pump();
      }),
    close: async () => {
      closing = true;
      await Promise.all([...held.keys()].map((w) => w.terminate()));
    },
  };
}
