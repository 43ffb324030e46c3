import type { Message } from '../types';
import { blockTextLength } from './block-text-length';

/**
 * The number of characters of text a message sends: text, thinking and compaction summaries, tool results' text (nested blocks
 * included), and for tool inputs and server tool results the characters of their keys and values (JSON without
 * its punctuation: walking beats `JSON.stringify`, which copies a 20k-character file body just to measure it).
 * Images and redacted thinking count 0: their bytes are base64 or ciphertext, and counting them would rank a
 * screenshot above a page of prose.
 *
 * The single place the core reads message text; everything that needs a size calls this once per message.
 */
export function messageTextLength(message: Message): number {
  // A null message (malformed input) has no content, as scanMessages reads it.
  const content = (message as Message | null | undefined)?.content;
  if (typeof content === 'string') return content.length;
  if (!Array.isArray(content)) return 0;
  let total = 0;
  for (const block of content) total += blockTextLength(block);
  return total;
}
