import type { Message } from '../../types';

/** Whether the result at `block` already holds exactly the placeholder (cleared by an earlier request's edit). */
export function holdsPlaceholder(message: Message, block: number, placeholder: string): boolean {
  const content = Array.isArray(message.content) ? (message.content[block] as { content?: unknown } | undefined)?.content : undefined;
  return content === placeholder;
}
