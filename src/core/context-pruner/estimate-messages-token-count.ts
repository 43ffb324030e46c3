import type { TokenCounter } from '../tokens/types';
import { contentText } from '../text/content-text';
import { countImageTokens } from '../tokens/count-image-tokens';
import type { MessageLike } from '../types';

/**
 * Tokens of messages or turns as `counter` counts each one's content (`contentText`) plus its images
 * (`countImageTokens`), summed: equal to the sum
 * of the `tokenEstimate`s `annotateWithTokenEstimates` writes. Stored estimates are not read.
 *
 * @throws {TypeError} when `counter` has no `count` function
 */
export function estimateMessagesTokenCount(turns: readonly MessageLike[], counter: TokenCounter): number {
  if (counter === null || typeof counter !== 'object' || typeof counter.count !== 'function') {
    throw new TypeError('estimateMessagesTokenCount: counter must be a TokenCounter (an object with count(text))');
  }
  let total = 0;
  for (const turn of turns) total += counter.count(contentText(turn.content)) + countImageTokens(turn.content, counter);
  return total;
}
