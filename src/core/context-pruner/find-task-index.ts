import type { Message, MessageLike } from '../types';
import { findUserPrompts } from '../text/find-user-prompts';

/**
 * The index of the task, as the scorecard and the governor see it (`findUserPrompts`): the first message a person
 * typed into, skipping harness context such as Codex's `<environment_context>` and this pruner's own summaries; or a
 * Claude Code compact summary that comes before any, since it restates the task the compaction removed. -1 when
 * there is none.
 */
export function findTaskIndex(messages: readonly MessageLike[]): number {
  return findUserPrompts(messages as readonly Message[]).task;
}
