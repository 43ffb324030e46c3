import type { ContentBlock, Message } from '../../types';
import { resultPlaceholder } from './result-placeholder';
import { resultLineCount } from './result-line-count';

// `toLocaleString` builds a formatter per call: one for every cleared input.
const GROUPED = new Intl.NumberFormat('en-US');

/**
 * A copy of `message` with the given tool results' content replaced by a placeholder (their `tool_use_id` and
 * `is_error` stay, so the pair and the error flag survive) and the given calls' inputs cleared. The input message is
 * untouched; blocks not named are the same objects. A result's `placeholder`, when given, is the line it becomes
 * (one built before, `resultPlaceholder` of its lines and tokens).
 */
export function maskMessage(message: Message, results: readonly { block: number; tokens: number; placeholder?: string }[], inputs: readonly number[]): Message {
  const content = message.content;
  if (!Array.isArray(content)) return message;
  const blocks: ContentBlock[] = content.slice();
  for (const { block, tokens, placeholder } of results) {
    const original = blocks[block] as ContentBlock & { content?: unknown };
    blocks[block] = { ...original, content: placeholder ?? resultPlaceholder(resultLineCount(original.content), tokens) };
  }
  for (const block of inputs) {
    const original = blocks[block] as ContentBlock & { input?: unknown };
    const size = safeLength(original.input);
    blocks[block] = { ...original, input: { cleared: `[Old tool input cleared: ${GROUPED.format(size)} characters]` } };
  }
  return { ...message, content: blocks };
}

function safeLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}
