/** The report's worker thread (built as `report-worker.js`): analyses the conversations the main thread posts. */
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeConversation, errorText } from './analyze-conversation';
import { replayCore } from '../replay/replay-core';
import type { WorkerReply } from './runner';
import type { ConversationTask, ReportSettings } from './types';

const settings = workerData as ReportSettings;
const port = parentPort;
if (port === null) throw new Error('report-worker.js runs as a worker thread of prunescope report, not on its own');

// One conversation at a time, in the order posted: the main thread posts a few ahead, and working them side by side
// would only interleave their memory.
let chain: Promise<void> = Promise.resolve();
port.on('message', ({ id, task }: { id: number; task: ConversationTask }) => {
  chain = chain.then(() =>
    analyzeConversation(task, settings, replayCore).then(
      (outcome) => port.postMessage({ id, outcome } satisfies WorkerReply),
      (error: unknown) => port.postMessage({ id, error: errorText(error) } satisfies WorkerReply),
    ),
  );
});
