import type { MessageLike } from './types';
import { requestText } from '../summary/request-text';
import { isContextSummary } from './is-context-summary';

/**
 * The index of the task: the first user message that holds words of the user's (`requestText`), skipping
 * harness context such as Codex's `<environment_context>` and earlier summary turns. -1 when there is none.
 */
export function findTaskIndex(messages: readonly MessageLike[]): number {
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as MessageLike;
    if (message.role !== 'user' || isContextSummary(message.content)) continue;
    if (requestText(message.content) !== undefined) return i;
  }
  return -1;
}
