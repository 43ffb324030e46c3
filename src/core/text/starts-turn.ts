import type { Message } from '../types';

/**
 * Whether a message begins a person's turn: a user message holding anything but tool results (Anthropic's rule for
 * which thinking belongs to earlier turns, and the replay's `turnStart`).
 */
export function startsTurn(message: Message | undefined): boolean {
  if (message?.role !== 'user') return false;
  const { content } = message;
  if (!Array.isArray(content) || content.length === 0) return true;
  for (const block of content) if ((block as { type?: unknown } | null)?.type !== 'tool_result') return true;
  return false;
}
