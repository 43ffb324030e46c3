import type { Message } from '../types';

/** Canonical messages standing for a caller's items, and which items each stands for. */
export interface MessageView {
  /**
   * What the core plans on: one canonical message per run of items (for most SDKs, per message). A lazy view builds
   * them all on the first read of this field; `at` builds one.
   */
  messages: Message[];
  /**
   * The view messages as a list that builds each on its first read (a lazy view: the SDK adapters'), so a plan that
   * reads only a suffix (`StrategyDefinition.planSuffix`) converts only that. Absent: read `messages`.
   */
  list?: { readonly length: number; at(v: number): Message };
  /**
   * Per input item: the view message it belongs to, or -1 for an item outside the view (a system or developer
   * message: no strategy reads it, and `ViewCodec.sentOutside` says whether it is sent).
   */
  owner: Int32Array;
  /** Per view message: its first item. Its items are contiguous, up to the next view message's first item. */
  first: Int32Array;
  /** Per view message: one past its last item. */
  end: Int32Array;
  /** View messages that must be kept, beside the caller's `pinned` (an Anthropic system message's turn). */
  pinned?: readonly number[];
}
