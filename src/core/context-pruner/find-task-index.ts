import type { Message, MessageLike } from '../types';
import { compactSummaryText } from '../text/compact-summary-text';
import { userPromptText } from '../text/user-prompt-text';

/**
 * The index of the task, as the scorecard and the governor see it (`findUserPrompts`): the first message a person
 * typed into, skipping harness context such as Codex's `<environment_context>` and this pruner's own summaries; or a
 * Claude Code compact summary that comes before any, since it restates the task the compaction removed. -1 when
 * there is none. Stops at the task: `findUserPrompts` reads every later prompt too (a 100k-message plan paid for it).
 */
export function findTaskIndex(messages: readonly MessageLike[]): number {
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    if (userPromptText(message) !== undefined || compactSummaryText(message) !== undefined) return i;
  }
  return -1;
}
