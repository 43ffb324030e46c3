import type { ContextWindow, ConversationTurn } from './types';

/** A checked window as arrays: the turns' token estimates, their pin flags, and the overhead beyond their sum. */
export interface ReadContextWindow {
  turns: readonly ConversationTurn[];
  tokenCounts: Float64Array;
  pinned: Uint8Array;
  /** `totalTokenEstimate` less the turns' sum, never below 0: the system prompt and tools, carried over as they are. */
  overheadTokens: number;
}

/**
 * Checks a `ContextWindow` and reads it into arrays, in one O(n) pass.
 *
 * @throws {TypeError} naming the field (`window.turns[3].tokenEstimate`) when the window, a turn, its role,
 *   content, pin flag or estimate has the wrong type
 * @throws {RangeError} when a token count is negative or not finite
 */
export function readContextWindow(window: ContextWindow, caller: string): ReadContextWindow {
  if (window === null || typeof window !== 'object') throw new TypeError(`${caller}: window must be a ContextWindow object, got ${String(window)}`);
  const { turns, totalTokenEstimate } = window;
  if (!Array.isArray(turns)) throw new TypeError(`${caller}: window.turns must be an array, got ${typeof turns}`);
  if (typeof totalTokenEstimate !== 'number') {
    throw new TypeError(`${caller}: window.totalTokenEstimate must be a number, got ${typeof totalTokenEstimate}`);
  }
  if (!Number.isFinite(totalTokenEstimate) || totalTokenEstimate < 0) {
    throw new RangeError(`${caller}: window.totalTokenEstimate must be a finite count ≥ 0, got ${totalTokenEstimate}`);
  }
  const n = turns.length;
  const tokenCounts = new Float64Array(n);
  const pinned = new Uint8Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const turn: unknown = turns[i];
    if (turn === null || typeof turn !== 'object') throw new TypeError(`${caller}: window.turns[${i}] must be a turn object, got ${String(turn)}`);
    const { role, content, tokenEstimate, pinned: pin } = turn as Partial<ConversationTurn>;
    if (role !== 'user' && role !== 'assistant') {
      throw new TypeError(`${caller}: window.turns[${i}].role must be 'user' or 'assistant', got ${JSON.stringify(role)}`);
    }
    if (typeof content !== 'string' && !Array.isArray(content)) {
      throw new TypeError(`${caller}: window.turns[${i}].content must be a string or an array of blocks, got ${typeof content}`);
    }
    if (typeof tokenEstimate !== 'number') {
      throw new TypeError(`${caller}: window.turns[${i}].tokenEstimate must be a number, got ${typeof tokenEstimate}`);
    }
    if (!Number.isFinite(tokenEstimate) || tokenEstimate < 0) {
      throw new RangeError(`${caller}: window.turns[${i}].tokenEstimate must be a finite count ≥ 0, got ${tokenEstimate}`);
    }
    if (pin !== undefined && typeof pin !== 'boolean') {
      throw new TypeError(`${caller}: window.turns[${i}].pinned must be a boolean, got ${typeof pin}`);
    }
    tokenCounts[i] = tokenEstimate;
    sum += tokenEstimate;
    if (pin === true) pinned[i] = 1;
  }
  return { turns, tokenCounts, pinned, overheadTokens: Math.max(0, totalTokenEstimate - sum) };
}
