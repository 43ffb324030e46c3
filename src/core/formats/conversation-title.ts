import type { Message } from '../types';

const MAX_TITLE = 80;
const CODEX_REQUEST = '## My request for Codex:';

/**
 * The first words the user typed, for a conversation picker; `fallback` when there are none.
 * Text that opens with `<` is skipped: harnesses inject `<environment_context>`, `<command-name>` and the like
 * as user turns, and those say nothing about the conversation.
 */
export function conversationTitle(messages: readonly Message[], fallback: string): string {
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const { content } = message;
    const texts = typeof content === 'string' ? [content] : [];
    if (Array.isArray(content)) {
      for (const block of content) {
        if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
      }
    }
    for (const text of texts) {
      // Codex CLI sends the IDE context first and the user's words after this heading.
      const request = text.indexOf(CODEX_REQUEST);
      const head = (request === -1 ? text.slice(0, 400) : text.slice(request + CODEX_REQUEST.length, request + CODEX_REQUEST.length + 400)).trim();
      if (head === '' || head.startsWith('<')) continue;
      const oneLine = head.replace(/\s+/g, ' ');
      return oneLine.length > MAX_TITLE ? `${oneLine.slice(0, MAX_TITLE - 1)}…` : oneLine;
    }
  }
  return fallback;
}
