import type { Message } from '../../types';

/** Events a message stands for: each tool call and each observation is one, any other message one. */
export function eventsOf(message: Message): number {
  if (!Array.isArray(message.content)) return 1;
  let tools = 0;
  for (const block of message.content) {
    const type = (block as { type?: unknown } | null)?.type;
    if (type === 'tool_use' || type === 'tool_result') tools++;
  }
  return Math.max(1, tools);
}

