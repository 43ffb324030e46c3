// A stand-in for report-worker.js in the runner's tests: answers each task with its thread's id, after a pause of
// 400 ms for a task named "slow" and 30 ms for any other.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', ({ id, task }) => {
  setTimeout(() => parentPort.postMessage({ id, outcome: threadId }), task === 'slow' ? 400 : 30);
});
