import type { Message } from '../types';
import type { TokenCounter } from '../tokens/types';
import type { ContextWindow, ConversationTurn } from './types';
import { annotateWithTokenEstimates } from './annotate-with-token-estimates';

/** How `toContextWindow` names turns and counts the request beyond them. */
export interface ToContextWindowOptions {
  /** Indices of messages to pin. Default is none. */
  pinned?: Iterable<number>;
  /** Tokens the request holds beyond the messages (system prompt, tool definitions). Default is 0. Range ≥ 0. */
  overheadTokens?: number;
  /** A turn's id. Default is the message's own string `id` field if it has one, else `turn-<index>`. */
  idOf?: (message: Message, index: number) => string;
  /** A turn's timestamp in milliseconds. Default is the message's numeric `timestamp` field, else 0. */
  timestampOf?: (message: Message, index: number) => number;
}

/**
 * Our messages as a `ContextWindow`: one turn per message with the same role and content (the same object, not a
 * copy), a token estimate from `counter`, and the total: the estimates' sum plus `overheadTokens`.
 *
 * @throws {TypeError} when `messages` is not an array or `counter` has no `count` function
 * @throws {RangeError} for a pinned index outside the messages or a negative or non-finite `overheadTokens`
 */
export function toContextWindow(messages: readonly Message[], counter: TokenCounter, options: ToContextWindowOptions = {}): ContextWindow {
  if (!Array.isArray(messages)) throw new TypeError(`toContextWindow: messages must be an array, got ${typeof messages}`);
  const overhead = options.overheadTokens ?? 0;
  if (typeof overhead !== 'number' || !Number.isFinite(overhead) || overhead < 0) {
    throw new RangeError(`toContextWindow: overheadTokens must be a finite count ≥ 0, got ${String(overhead)}`);
  }
  const pinned = new Set<number>();
  for (const index of options.pinned ?? []) {
    if (!Number.isInteger(index) || index < 0 || index >= messages.length) {
      throw new RangeError(`toContextWindow: pinned index ${String(index)} is not an index of the ${messages.length} messages`);
    }
    pinned.add(index);
  }
  const idOf = options.idOf ?? ((message: Message, index: number) => (typeof message.id === 'string' ? message.id : `turn-${index}`));
  const timestampOf =
    options.timestampOf ?? ((message: Message) => (typeof message.timestamp === 'number' ? message.timestamp : 0));
  const turns: ConversationTurn[] = messages.map((message, index) => ({
    id: idOf(message, index),
    role: message.role,
    content: message.content,
    timestamp: timestampOf(message, index),
    pinned: pinned.has(index),
    tokenEstimate: 0,
  }));
  const annotated = annotateWithTokenEstimates(turns, counter);
  let total = overhead;
  for (const turn of annotated) total += turn.tokenEstimate;
  return { turns: annotated, totalTokenEstimate: total };
}
