import type { Message } from '../types';
import type { TokenCounter } from './types';
import { countBlockTokens, type BlockCountContext } from './count-block-tokens';
import { ANTHROPIC_IMAGE_LIMITS } from './framing';
import { framingForCounter } from './framing-for-counter';

// Tool results nest blocks one level in practice; the cap only guards against hostile input.
const MAX_DEPTH = 32;

/**
 * Tokens the images of a message's content cost (top-level and inside tool results), as `countMessageTokens` counts
 * them: the pixel rule on the size read from the image's header, the cap when it cannot be read, and the image
 * framing of `counter`'s provider. The text-only counts (`contentText`) give images nothing: add this to them.
 * O(blocks); reads only image headers.
 */
export function countImageTokens(content: Message['content'], counter: TokenCounter): number {
  if (!Array.isArray(content)) return 0;
  let context: BlockCountContext | undefined;
  let total = 0;
  const visit = (blocks: readonly unknown[], depth: number): void => {
    for (const block of blocks) {
      if (block === null || typeof block !== 'object') continue;
      const b = block as { type?: unknown; content?: unknown };
      if (b.type === 'image') {
        context ??= { counter, framing: framingForCounter(counter), imageLimits: ANTHROPIC_IMAGE_LIMITS };
        total += countBlockTokens(block, context);
      } else if (b.type === 'tool_result' && Array.isArray(b.content) && depth < MAX_DEPTH) visit(b.content, depth + 1);
    }
  };
  visit(content, 0);
  return total;
}
