import type { CallInputReading } from './read-call-input';

/** An empty reading for `readCallInput` to fill call after call: each caller keeps one of its own. */
export function createCallInputReading(): CallInputReading {
  return { command: undefined, patch: false, read: [], changed: [], todo: undefined, one: [''] };
}
