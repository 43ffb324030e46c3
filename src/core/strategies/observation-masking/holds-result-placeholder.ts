import type { Message } from '../../types';

/**
 * Whether the tool result at `block` of `message` already is the line masking clears a result to
 * (`resultPlaceholder`). Masking leaves such a result as it is: an agent that masks its held history before every
 * request would otherwise rewrite the placeholder's "≈N tokens" each time (its own share of the message), and every
 * rewrite breaks the cached prefix. `chars` is the result's text length (`ToolResultTable.chars`): a placeholder is one
 * short line, so a longer result's content is not read (a live replay asks at every prune, of every old result).
 */
export function holdsResultPlaceholder(message: Message | undefined, block: number, chars: number): boolean {
  if (chars > 200) return false;
  const content = (message?.content as readonly { content?: unknown }[] | undefined)?.[block]?.content;
  return typeof content === 'string' && content.startsWith('[Old tool result cleared: ') && content.endsWith(' tokens]');
}
