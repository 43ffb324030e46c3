import type { Message } from '../types';
import { compactSummaryText } from './compact-summary-text';
import { userPromptText } from './user-prompt-text';

/** The prompts a person typed: the task (the first) and the latest, by message index and text. */
export interface UserPrompts {
  /** Indices of the messages that hold text a person typed (`userPromptText`), ascending. */
  indices: number[];
  /** What was typed in each of them, by message index. */
  texts: Map<number, string>;
  /**
   * The task: the first of them, or -1 when there is none. A conversation opened after a compaction ("as last
   * sent") starts with the compact summary, which restates the user's requests: when it comes before any typed
   * prompt it is the task (it is not in `indices`: nobody typed it).
   */
  task: number;
  /** The latest of them, or -1 when there is none; the task when only a compact summary is there. */
  latest: number;
  /** What the user typed in the task and in the latest prompt ('' when there is none). */
  taskText: string;
  latestText: string;
}

/**
 * Finds the messages a person typed into, skipping tool results and harness-injected text. The first is the task
 * and the last the prompt the next reply answers. O(n) over blocks; reads only user messages' text blocks.
 */
export function findUserPrompts(messages: readonly Message[]): UserPrompts {
  const indices: number[] = [];
  const texts = new Map<number, string>();
  let task = -1;
  let taskText = '';
  let latestText = '';
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    const text = userPromptText(message);
    if (text === undefined) {
      if (task < 0) {
        const summary = compactSummaryText(message);
        if (summary !== undefined) {
          task = i;
          taskText = summary;
          latestText = summary;
        }
      }
      continue;
    }
    if (task < 0) {
      task = i;
      taskText = text;
    }
    latestText = text;
    indices.push(i);
    texts.set(i, text);
  }
  return {
    indices,
    texts,
    task,
    latest: indices[indices.length - 1] ?? task,
    taskText,
    latestText,
  };
}
