// A stand-in for report-worker.js in the runner's tests: answers each task, after a pause, with its thread's id.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', ({ id }) => {
  setTimeout(() => parentPort.postMessage({ id, outcome: threadId }), 50);
});
