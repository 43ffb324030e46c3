import type { Message } from '../types';
import { COMPACT_SUMMARY_PREFIX } from './harness-text';

/**
 * The text of a Claude Code compact summary, or `undefined` when `message` is not one: a user message whose text
 * (string content or a text block) starts with the summary's fixed opening, after any leading whitespace.
 */
export function compactSummaryText(message: Message): string | undefined {
  if (message.role !== 'user') return undefined;
  const { content } = message;
  if (typeof content === 'string') return isSummary(content) ? content : undefined;
  if (!Array.isArray(content)) return undefined;
  for (const block of content) {
    if (block === null || typeof block !== 'object' || block.type !== 'text') continue;
    const { text } = block as { text?: unknown };
    if (typeof text === 'string' && isSummary(text)) return text;
  }
  return undefined;
}

function isSummary(text: string): boolean {
  return text.startsWith(COMPACT_SUMMARY_PREFIX) || (text.length > 0 && text.charCodeAt(0) <= 32 && text.trimStart().startsWith(COMPACT_SUMMARY_PREFIX));
}
