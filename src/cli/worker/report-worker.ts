/**
 * The worker thread of `report` and `advise` (built as `report-worker.js`): analyses the conversations the main
 * thread posts. `workerData` is `report`'s settings, or `{ advise: settings }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeConversation, errorText } from '../report/analyze-conversation';
import { replayCore } from '../replay/replay-core';
import { analyzeForAdvice } from '../advise/analyze-for-advice';
import type { AdviseSettings, AdviseTask } from '../advise/types';
import type { WorkerReply } from '../report/runner';
import type { ConversationTask, ReportSettings } from '../report/types';

const data = workerData as ReportSettings | { advise: AdviseSettings };
const port = parentPort;
if (port === null) throw new Error('report-worker.js runs as a worker thread of prunescope report or advise, not on its own');

const work = (task: ConversationTask | AdviseTask): Promise<unknown> => ('advise' in data ? analyzeForAdvice(task, data.advise, replayCore) : analyzeConversation(task, data, replayCore));

// One conversation at a time, in the order posted: the main thread posts a few ahead, and working them side by side
// would only interleave their memory.
let chain: Promise<void> = Promise.resolve();
port.on('message', ({ id, task }: { id: number; task: ConversationTask }) => {
  chain = chain.then(() =>
    work(task).then(
      (outcome) => port.postMessage({ id, outcome } satisfies WorkerReply<unknown>),
      (error: unknown) => port.postMessage({ id, error: errorText(error) } satisfies WorkerReply<unknown>),
    ),
  );
});
