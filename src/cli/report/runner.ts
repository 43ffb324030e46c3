import { Worker } from 'node:worker_threads';
import { analyzeConversation, errorText } from './analyze-conversation';
import type { ReplayCore } from '../replay/replay-core';
import type { ConversationOutcome, ConversationTask, ReportSettings } from './types';

/** Runs conversations, `jobs` at a time; a conversation that fails comes back with `error`, never as a rejection. */
export interface Runner {
  run(task: ConversationTask): Promise<ConversationOutcome>;
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

interface Pending {
  task: ConversationTask;
  resolve: (outcome: ConversationOutcome) => void;
}

/** The messages a worker posts back. */
export type WorkerReply = { id: number; outcome: ConversationOutcome } | { id: number; error: string };

/**
 * `jobs` worker threads running `workerUrl` (the built `report-worker.js`). Each takes one conversation at a time,
 * so a long one does not hold others back; each loads its vocabulary once. A worker that dies fails the conversation
 * it held and is replaced.
 */
export function workerRunner(jobs: number, workerUrl: URL, settings: ReportSettings): Runner {
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, { id: number; pending: Pending }>();
  let next = 0;
  let closing = false;

  const spawn = () => {
    const worker = new Worker(workerUrl, { workerData: settings });
    worker.on('message', (reply: WorkerReply) => {
      const held = busy.get(worker);
      if (held === undefined || held.id !== reply.id) return;
      busy.delete(worker);
      held.pending.resolve('outcome' in reply ? reply.outcome : failed(held.pending.task, reply.error));
      idle.push(worker);
      pump();
    });
    worker.on('error', (error) => {
      const held = busy.get(worker);
      busy.delete(worker);
      held?.pending.resolve(failed(held.pending.task, `worker failed: ${errorText(error)}`));
      if (!closing) {
        spawn();
        pump();
      }
    });
    idle.push(worker);
  };
  const pump = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop() as Worker;
      const pending = queue.shift() as Pending;
      const id = next++;
      busy.set(worker, { id, pending });
      worker.postMessage({ id, task: pending.task });
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
      await Promise.all([...idle, ...busy.keys()].map((w) => w.terminate()));
    },
  };
}
