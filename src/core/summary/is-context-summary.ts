import type { Message } from '../types';
import { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';

/**
 * Whether a message's content is a summary written by a `ContextPruner`: a string (or a first text block) that
 * starts with the `[Context Summary]` marker line.
 */
export function isContextSummary(content: Message['content']): boolean {
  const text = typeof content === 'string' ? content : firstText(content);
  if (text === undefined || !text.startsWith(CONTEXT_SUMMARY_MARKER)) return false;
  const next = text.charCodeAt(CONTEXT_SUMMARY_MARKER.length);
  // The marker alone, or followed by its newline: "[Context Summary]s" is not one.
  return Number.isNaN(next) || next === 10 || next === 13;
}

function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const block: unknown = content[0];
  if (block === null || typeof block !== 'object') return undefined;
  // The type first: most first blocks are tool results, and reading a `text` they lack is a slow miss.
  if ((block as { type?: unknown }).type !== 'text') return undefined;
  const { text } = block as { text?: unknown };
  return typeof text === 'string' ? text : undefined;
}
