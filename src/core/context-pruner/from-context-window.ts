import type { Message } from '../types';
import type { ContextWindow } from './types';

/**
 * A window's turns as our messages, `{ role, content }` each (the content is the turn's own, not a copy), ready
 * for `validateMessages`, the strategies or export. A summary turn becomes a user message with string content.
 *
 * @throws {TypeError} when `window.turns` is not an array
 */
export function fromContextWindow(window: ContextWindow): Message[] {
  if (!Array.isArray(window?.turns)) throw new TypeError('fromContextWindow: window.turns must be an array');
  return window.turns.map((turn) => ({ role: turn.role, content: turn.content }));
}
