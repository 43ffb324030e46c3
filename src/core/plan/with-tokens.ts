import type { TokenCounter } from '../tokens/types';
import type { TranscriptAnalysis } from './analyze-transcript';

/**
 * The same analysis with other token counts (exact ones arriving after the estimate): links, groups and ranks are
 * kept, only the counts, their sums and the counter change. A new object, so caches keyed by analysis start over.
 *
 * @throws {RangeError} when `tokens` does not hold one count per message
 */
export function withTokens(analysis: TranscriptAnalysis, tokens: ArrayLike<number>, counter: TokenCounter): TranscriptAnalysis {
  if (tokens.length !== analysis.count) {
    throw new RangeError(`withTokens: ${tokens.length} counts for ${analysis.count} messages`);
  }
  const own = Float64Array.from(tokens);
  const suffixTokens = new Float64Array(own.length + 1);
  for (let i = own.length - 1; i >= 0; i--) suffixTokens[i] = (suffixTokens[i + 1] as number) + (own[i] as number);
  // Copied by descriptor, not spread: spreading would read the ranking's and the links' getters, building at once,
  // on every exact-count swap, what the analysis builds only when first read (and shares with this copy).
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(analysis)) as TranscriptAnalysis;
  return Object.assign(copy, { tokens: own, suffixTokens, counter });
}
