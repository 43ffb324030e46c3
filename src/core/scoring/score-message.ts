import type { Message } from '../types';
import { messageTextLength } from '../text/message-text-length';
import { scoreBreakdown } from './score-breakdown';
import { toolBlockKind } from '../links/tool-block-kind';

/**
 * Importance of one message, 0 to 1 (seed 002 §5.1):
 * `(index / total) · 0.5 + 0.3 when it holds a tool_use or tool_result + min(textLength / 5000, 0.2)`.
 * Server tool calls and their results count as tool blocks too. See `scoreBreakdown` for the parts.
 */
export function scoreMessage(message: Message, index: number, total: number): number {
  // A null message (malformed input) has no content, as scanMessages reads it.
  const content = (message as Message | null | undefined)?.content;
  const hasToolBlock = Array.isArray(content) && content.some((block) => toolBlockKind(block));
  return scoreBreakdown(index, total, hasToolBlock, messageTextLength(message)).total;
}
