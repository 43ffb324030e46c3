import type { Message } from '../../types';
import { blockToGeminiPart } from './block-to-gemini-part';

/**
 * A user message's content as a Gemini record writes it: a string when the message is one text and the record it
 * replaces held a string (sessions before v0.28), else `Part[]`. `tool_result` blocks are not here: a call's result
 * lives in its call.
 */
export function geminiUserContent(message: Message, previous: unknown): unknown {
  const { content } = message;
  const wantsString = previous === undefined || typeof previous === 'string';
  if (typeof content === 'string') return wantsString ? content : [{ text: content }];
  const blocks = content.filter((block) => block.type !== 'tool_result');
  if (wantsString && blocks.length === 1 && blocks[0]?.type === 'text') return (blocks[0] as { text: string }).text;
  return blocks.map(blockToGeminiPart);
}
