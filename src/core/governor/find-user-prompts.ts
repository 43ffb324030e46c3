import type { Message } from '../types';
import { userPromptText } from './user-prompt-text';

export interface UserPrompts {
  /** Indices of the messages that hold text a person typed (`userPromptText`), ascending. */
  indices: number[];
  /** What was typed in each of them, by message index. */
  texts: Map<number, string>;
  /** The task: the first of them, or -1 when there is none. */
  task: number;
  /** The latest of them, or -1 when there is none. */
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
  let taskText = '';
  let latestText = '';
  for (let i = 0; i < messages.length; i++) {
    const text = userPromptText(messages[i] as Message);
    if (text === undefined) continue;
    if (indices.length === 0) taskText = text;
    latestText = text;
    indices.push(i);
    texts.set(i, text);
  }
  return {
    indices,
    texts,
    task: indices[0] ?? -1,
    latest: indices[indices.length - 1] ?? -1,
    taskText,
    latestText,
  };
}
