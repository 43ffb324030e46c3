import type { TokenCounter } from './types';
import { estimateTokens } from './estimate-tokens';

/** The characters ÷ 4 estimate as a `TokenCounter`: no vocabulary, no dependency, the default everywhere. */
export const charsTokenCounter: TokenCounter = {
  encoding: 'chars',
  count: (text: string): number => estimateTokens(text.length),
};
