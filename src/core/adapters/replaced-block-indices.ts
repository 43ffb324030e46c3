import type { ContentBlock } from '../types';
import { isThinkingBlock } from '../tokens/is-thinking-block';

/**
 * Where each block of a view message went in the core's replacement of it, when the replacement is a block-wise
 * edit: masked or cleared blocks in place, and `thinking` / `redacted_thinking` blocks possibly removed (as
 * `anthropic-clear-thinking` removes them). `result[k]` is block k's index in `content`, or -1 where it was removed.
 * `undefined` when `content` is not such an edit (a message summarized in place), so the codec writes it whole.
 */
export function replacedBlockIndices(original: readonly ContentBlock[], content: readonly ContentBlock[]): Int32Array | undefined {
  const at = new Int32Array(original.length);
  let j = 0;
  for (let k = 0; k < original.length; k++) {
    const block = original[k] as ContentBlock;
    // A thinking block is removed unless the replacement still has it where it stood (the same object).
    if (isThinkingBlock(block) && content[j] !== block) at[k] = -1;
    else if (j < content.length) at[k] = j++;
    else return undefined;
  }
  return j === content.length ? at : undefined;
}
