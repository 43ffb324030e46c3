import type { Message } from '../types';
import { isHarnessText } from './is-harness-text';

/** Codex's IDE extension wraps each request in the open tabs; the request follows this heading. */
const CODEX_REQUEST_HEADING = '## My request for Codex:';

/**
 * What the user asked in one user message, or undefined when it holds no words of theirs: its string content or
 * text blocks, without harness text (see `isHarnessText`) and without Codex's IDE context around the request,
 * joined by blank lines and trimmed. Tool results are not requests.
 */
export function requestText(content: Message['content']): string | undefined {
  const parts: string[] = [];
  if (typeof content === 'string') addPart(parts, content);
  else if (Array.isArray(content)) {
    for (const block of content) {
      const { type, text } = block as { type?: unknown; text?: unknown };
      if (type === 'text' && typeof text === 'string') addPart(parts, text);
    }
  }
  return parts.length === 0 ? undefined : parts.join('\n\n');
}

function addPart(parts: string[], text: string): void {
  if (isHarnessText(text)) return;
  const heading = text.indexOf(CODEX_REQUEST_HEADING);
  const own = (heading >= 0 ? text.slice(heading + CODEX_REQUEST_HEADING.length) : text).trim();
  if (own !== '') parts.push(own);
}
