import type { Message } from '../types';
import { checkCanonicalMessage } from './check-canonical-message';

/**
 * The check of every entry point that takes canonical (Anthropic Messages) messages: an array whose messages have
 * role `user` or `assistant` (and `system`, where `allowSystem`: the Anthropic SDK's mid-conversation system
 * messages), holding no part of another API. Throws a `TypeError` naming the index, the role or part type, and the
 * entry point to use instead. Entries that are not objects (a `null`) pass: the core carries malformed input through without
 * crashing.
 * O(parts); reads nothing it does not need. `seen.system` is set when a system message is met (so a caller that
 * treats them apart needs no pass of its own).
 *
 * @throws {TypeError} as described
 */
export function checkCanonicalMessages(
  messages: readonly unknown[],
  caller: string,
  allowSystem = false,
  seen?: { system: boolean },
): asserts messages is readonly Message[] {
  if (!Array.isArray(messages)) {
    throw new TypeError(`${caller}: messages must be an array, got ${messages === null ? 'null' : typeof messages}`);
  }
  for (let i = 0; i < messages.length; i++) checkCanonicalMessage(messages[i], i, caller, allowSystem, seen);
}
