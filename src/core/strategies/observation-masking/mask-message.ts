import type { ContentBlock, Message } from '../../types';
import { resultPlaceholder } from './result-placeholder';

// `toLocaleString` builds a formatter per call: one for every cleared input.
const GROUPED = new Intl.NumberFormat('en-US');

/**
 * A copy of `message` with the given tool results' content replaced by a placeholder (their `tool_use_id` and
 * `is_error` stay, so the pair and the error flag survive) and the given calls' inputs cleared. The input message is
 * untouched; blocks not named are the same objects.
 */
export function maskMessage(message: Message, results: readonly { block: number; tokens: number }[], inputs: readonly number[]): Message {
  const content = message.content;
  if (!Array.isArray(content)) return message;
  const blocks: ContentBlock[] = content.slice();
  for (const { block, tokens } of results) {
    const original = blocks[block] as ContentBlock & { content?: unknown };
    blocks[block] = { ...original, content: resultPlaceholder(lineCount(original.content), tokens) };
  }
  for (const block of inputs) {
    const original = blocks[block] as ContentBlock & { input?: unknown };
    const size = safeLength(original.input);
    blocks[block] = { ...original, input: { cleared: `[Old tool input cleared: ${GROUPED.format(size)} characters]` } };
  }
  return { ...message, content: blocks };
}

function lineCount(content: unknown): number {
  if (typeof content === 'string') return content === '' ? 0 : countLines(content);
  if (!Array.isArray(content)) return 0;
  let lines = 0;
  for (const part of content) {
    const text = (part as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && text !== '') lines += countLines(text);
  }
  return lines;
}

function countLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return text.endsWith('\n') ? lines - 1 : lines;
}

function safeLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}
