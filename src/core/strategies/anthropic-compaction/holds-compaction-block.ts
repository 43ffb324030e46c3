import type { Message } from '../../types';

/** Whether an assistant message holds a compaction block (the API drops what came before it). */
export function holdsCompactionBlock(message: Message): boolean {
  return message.role === 'assistant' && Array.isArray(message.content) && message.content.some((block) => (block as { type?: unknown } | null)?.type === 'compaction');
}
