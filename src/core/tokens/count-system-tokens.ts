import { countBlockTokens } from './count-block-tokens';
import { describeValue } from './describe-value';
import { ANTHROPIC_IMAGE_LIMITS } from './framing';
import { framingForCounter } from './framing-for-counter';
import type { MessageFraming, TokenCounter } from './types';

/**
 * Tokens the system prompt costs, once per request, reported apart from the messages: a string (as
 * `Conversation.system` holds it) or the Messages API's array of text blocks. 0 when there is none.
 *
 * Tool definitions are billed beside it but are not in any transcript format prunescope reads; the part of a
 * recorded request that no message explains (`compareWithRecordedUsage`'s first residual) is where they show.
 *
 * @param framing Default is `framingForCounter(counter)`.
 * @throws {TypeError} when `system` is neither a string, an array of blocks nor undefined.
 */
export function countSystemTokens(
  system: string | readonly unknown[] | undefined,
  counter: TokenCounter,
  framing: MessageFraming = framingForCounter(counter),
): number {
  if (system === undefined || system === null) return 0;
  if (typeof system === 'string') return system.length === 0 ? 0 : framing.system + counter.count(system);
  if (!Array.isArray(system)) {
    throw new TypeError(`countSystemTokens: system is ${describeValue(system)}; expected a string or an array of text blocks.`);
  }
  if (system.length === 0) return 0;
  let total = framing.system;
  for (const block of system) total += countBlockTokens(block, { counter, framing, imageLimits: ANTHROPIC_IMAGE_LIMITS });
  return total;
}
