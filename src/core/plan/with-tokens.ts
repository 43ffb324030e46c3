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
  return { ...analysis, tokens: own, suffixTokens, counter };
}
