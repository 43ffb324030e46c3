import type { Message } from '../../types';
import { blockTextLength } from '../../text/block-text-length';

/** The characters of a call's input as the message's text length counts them (so its share never exceeds the message's). */
export function callInputChars(message: Message, block: number): number {
  const use = Array.isArray(message.content) ? (message.content[block] as { name?: unknown } | undefined) : undefined;
  if (use === undefined) return 0;
  return blockTextLength(use) - (typeof use.name === 'string' ? use.name.length : 0);
}
