/**
 * How an SDK's messages (or items) map onto canonical messages for planning, by reference: the adapters build one
 * view, plan on it with the core, and send back the caller's own objects. Types only.
 */
import type { Message } from '../types';
import type { PlanOverrun } from '../plan/types';
import type { MessageView } from '../shapes/message-view';

export type { MessageView };

/** How to turn what a plan makes (a replacement, a summary) back into the caller's own item shape. */
export interface ViewCodec<T> {
  /**
   * The items to send in place of view message `v`, from `replacement` (the core's copy of `view.messages[v]` with
   * results masked, inputs cleared, or its text summarized). Items the replacement leaves as they were are returned
   * as they are.
   */
  replace(items: readonly T[], view: MessageView, v: number, replacement: Message): T[];
  /** The item for a message the plan adds (a summary: a canonical user message). */
  insert(message: Message): T;
  /**
   * Whether item `i`, outside the view, is sent, given which view messages are (`sent[v]` is 1). Default: always,
   * where it stands.
   */
  sentOutside?(items: readonly T[], i: number, sent: Uint8Array, view: MessageView): boolean;
  /** The text an item outside the view sends, for its tokens (system and developer messages). */
  outsideText(item: T): string;
}

/** What one prune did: the messages to send, and why each input message met its fate. */
export interface PruneReport<T> {
  /** What to send: kept input objects (the same objects), replacements and summaries, in order. */
  messages: T[];
  /** Per input message (item): its `FATE` code. */
  fates: Uint8Array;
  /** Per input message (item): its `REASON` code; `REASON_TEXT` has the words. */
  reasons: Uint8Array;
  /**
   * Tokens `messages` hold, counted as the bound was (system messages included), rounded to a whole token: a
   * placeholder's share of a message counted by a tokenizer is an estimate, a fraction.
   */
  tokens: number;
  /** Set when the result is over a bound it was given: by how much, and why. Absent: every bound was met. */
  over?: PlanOverrun;
}
