import type { TokenCounter } from '../tokens/types';
import { contentText } from '../text/content-text';
import { countImageTokens } from '../tokens/count-image-tokens';
import type { ConversationTurn } from './types';

/**
 * New turns with `tokenEstimate` set to `counter`'s count of each turn's content (`contentText`), plus its images as
 * `countMessageTokens` counts them (`countImageTokens`); every other
 * field is copied. The input turns are not touched.
 *
 * @throws {TypeError} when `counter` has no `count` function or it returns something other than a finite count ≥ 0
 */
export function annotateWithTokenEstimates(turns: readonly ConversationTurn[], counter: TokenCounter): ConversationTurn[] {
  if (counter === null || typeof counter !== 'object' || typeof counter.count !== 'function') {
    throw new TypeError('annotateWithTokenEstimates: counter must be a TokenCounter (an object with count(text))');
  }
  return turns.map((turn, i) => {
    const tokenEstimate = counter.count(contentText(turn.content)) + countImageTokens(turn.content, counter);
    if (!(tokenEstimate >= 0) || !Number.isFinite(tokenEstimate)) {
      throw new TypeError(`annotateWithTokenEstimates: counter.count gave ${String(tokenEstimate)} for turns[${i}]; expected a finite count ≥ 0`);
    }
    return { ...turn, tokenEstimate };
  });
}
