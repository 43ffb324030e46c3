import type { Message } from '../types';
import { isCompactSummary } from './is-compact-summary';

/**
 * The text of a Claude Code compact summary, or `undefined` when `message` is not one: a user message whose text
 * (string content or a text block) starts with the summary's fixed opening, after any leading whitespace.
 */
export function compactSummaryText(message: Message): string | undefined {
  if (message.role !== 'user') return undefined;
  const { content } = message;
  if (typeof content === 'string') return isCompactSummary(content) ? content : undefined;
  if (!Array.isArray(content)) return undefined;
  for (const block of content) {
    if (block === null || typeof block !== 'object' || block.type !== 'text') continue;
    const { text } = block as { text?: unknown };
    if (typeof text === 'string' && isCompactSummary(text)) return text;
  }
  return undefined;
}
