import type { Message } from '../types';
import { countBlockTokens, type BlockCountContext } from './count-block-tokens';
import { describeValue } from './describe-value';
import { ANTHROPIC_IMAGE_LIMITS } from './framing';
import { framingForCounter } from './framing-for-counter';
import type { ImageTokenLimits, MessageFraming, TokenCounter } from './types';
import { isThinkingBlock } from './is-thinking-block';

/** How `countMessageTokens` counts: the framing each message costs beyond its text, and images. */
export interface CountMessageTokensOptions {
  /** First message to count. Default is 0. An integer in 0…`messages.length`. */
  from?: number;
  /** One past the last message to count. Default is `messages.length`. An integer in `from`…`messages.length`. */
  to?: number;
  /** Default is `framingForCounter(counter)`: the framing measured for the counter's provider. */
  framing?: MessageFraming;
  /** Default is `ANTHROPIC_IMAGE_LIMITS` (long edge 1568 px, at most 1,600 tokens, 750 pixels a token). */
  imageLimits?: ImageTokenLimits;
  /**
   * Default is true. False leaves out `thinking` and `redacted_thinking` blocks, as the API does for earlier turns'
   * thinking on most models (`keepsPriorThinking`): the count a message has once a new user turn has begun.
   */
  thinking?: boolean;
}

/**
 * Tokens each message costs in a request, as the API bills input: its blocks by `countBlockTokens`' rules plus the
 * per-message and per-block framing. Element k of the result is message `from + k`. The system prompt and tool
 * definitions are counted apart (`countSystemTokens`), once per request.
 *
 * Large transcripts are counted in slices: call with `from`/`to` ranges and yield between them to report progress.
 * Pure and deterministic for a deterministic counter; never mutates `messages`.
 *
 * @throws {TypeError} when `messages` is not an array or `counter` has no `count` function.
 * @throws {RangeError} when `from`/`to` are not integers with 0 ≤ from ≤ to ≤ messages.length.
 */
export function countMessageTokens(
  messages: readonly Message[],
  counter: TokenCounter,
  options: CountMessageTokensOptions = {},
): Float64Array {
  if (!Array.isArray(messages)) {
    throw new TypeError(`countMessageTokens: messages is ${describeValue(messages)}; expected an array of messages.`);
  }
  if (counter === null || typeof counter !== 'object' || typeof counter.count !== 'function') {
    throw new TypeError(`countMessageTokens: counter is ${describeValue(counter)}; expected a TokenCounter (createTokenCounter).`);
  }
  const { from = 0, to = messages.length } = options;
  if (!Number.isInteger(from) || from < 0 || from > messages.length) {
    throw new RangeError(`countMessageTokens: from is ${describeValue(from)}; expected an integer from 0 to ${messages.length}.`);
  }
  if (!Number.isInteger(to) || to < from || to > messages.length) {
    throw new RangeError(`countMessageTokens: to is ${describeValue(to)}; expected an integer from ${from} to ${messages.length}.`);
  }
  const framing = options.framing ?? framingForCounter(counter);
  const context: BlockCountContext = { counter, framing, imageLimits: options.imageLimits ?? ANTHROPIC_IMAGE_LIMITS };
  const thinking = options.thinking ?? true;
  const counts = new Float64Array(to - from);
  for (let i = from; i < to; i++) {
    const message = messages[i];
    if (message === null || typeof message !== 'object') continue;
    const { content } = message;
    let total = framing.perMessage;
    if (typeof content === 'string') total += framing.text + counter.count(content);
    else if (Array.isArray(content)) {
      for (const block of content) {
        if (!thinking && isThinkingBlock(block)) continue;
        total += countBlockTokens(block, context);
      }
    }
    counts[i - from] = total;
  }
  return counts;
}
