/** The report's worker thread (built as `report-worker.js`): analyses the conversations the main thread posts. */
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeConversation, errorText } from './analyze-conversation';
import { replayCore } from '../replay/replay-core';
import type { WorkerReply } from './runner';
import type { ConversationTask, ReportSettings } from './types';

const settings = workerData as ReportSettings;
const port = parentPort;
if (port === null) throw new Error('report-worker.js runs as a worker thread of prunescope report, not on its own');

port.on('message', ({ id, task }: { id: number; task: ConversationTask }) => {
  analyzeConversation(task, settings, replayCore).then(
    (outcome) => port.postMessage({ id, outcome } satisfies WorkerReply),
    (error: unknown) => port.postMessage({ id, error: errorText(error) } satisfies WorkerReply),
  );
});
