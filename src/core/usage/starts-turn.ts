import type { Message } from '../types';

/**
 * A user message that is not only tool results starts a turn (a prompt, a slash command's output, a compact
 * summary); tool results continue the turn the model is in.
 */
export function startsTurn(message: Message | undefined): boolean {
  if (message?.role !== 'user') return false;
  const { content } = message;
  if (!Array.isArray(content) || content.length === 0) return true;
  for (const block of content) if ((block as { type?: unknown } | null)?.type !== 'tool_result') return true;
  return false;
}
