import { describeValue } from './describe-value';
import { estimateTokens } from './estimate-tokens';
import type { TokenCounter } from './types';

/**
 * The counter that needs nothing: characters ÷ 4, rounded up, as `estimateTokens` has always counted. Synchronous, so
 * the inspector can show a count at once while a vocabulary loads, and what `createTokenCounter` falls back to.
 */
export const charsTokenCounter: TokenCounter = Object.freeze({
  encoding: 'chars',
  count(text: string): number {
    if (typeof text !== 'string') throw new TypeError(`count: text is ${describeValue(text)}; expected a string.`);
    return estimateTokens(text.length);
  },
});
