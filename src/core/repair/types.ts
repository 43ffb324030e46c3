import type { Conversation } from '../formats/types';
import type { Message } from '../types';

/** What `repairMessages` and `repairConversation` may do to make a transcript one the provider accepts. */
export interface RepairOptions {
  /**
   * What to do with a `tool_use` no `tool_result` answers in the next message: `'remove'` the call, or `'answer'` it
   * with an `is_error` result saying the result was lost, placed right after the call. Default is `'remove'`.
   */
  unansweredCalls?: 'remove' | 'answer';
  /**
   * Input indexes of messages never merged into the message before them, such as the compact summary after a
   * compaction boundary, so it stays a row of its own (the API merges the two anyway). Each an integer from 0 to
   * `messages.length - 1`. Default is none.
   */
  keepApart?: readonly number[];
}

/** One thing the repair did. */
export interface RepairChange {
  /** Index of the input message it concerns (for a merge, the message merged into the one before it). */
  index: number;
  /**
   * The validator rule the change fixes (`anthropic/whitespace-text-block`, `anthropic/tool-use-without-result`, …),
   * or `repair/merge-same-role` and `repair/misplaced-tool-block` for what the validator has no rule for.
   */
  rule: string;
  /** What was done, for people: "removed 2 whitespace-only text blocks". */
  detail: string;
}

/** The repaired messages and each change made, with the input index it was made at. */
export interface RepairResult {
  messages: Message[];
  /** Sorted by `index`; empty when the input needed no repair. */
  changes: RepairChange[];
  /**
   * `origin[k]` is the input index of output message `k` (the first one for a merge), or -1 for a message the repair
   * made (the answer to calls whose results were lost, when no user message followed them).
   */
  origin: number[];
}

/** A conversation repaired, its sources and line numbers carried through to the messages that stay. */
export interface RepairedConversation {
  conversation: Conversation;
  changes: RepairChange[];
}
