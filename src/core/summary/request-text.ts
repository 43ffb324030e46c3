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
  if (typeof content === 'string') return ownWords(content);
  if (!Array.isArray(content)) return undefined;
  // Most user messages of an agent log hold only tool results: no array is built for them.
  let first: string | undefined;
  let parts: string[] | undefined;
  for (const block of content) {
    const { type, text } = block as { type?: unknown; text?: unknown };
    if (type !== 'text' || typeof text !== 'string') continue;
    const own = ownWords(text);
    if (own === undefined) continue;
    if (first === undefined) first = own;
    else (parts ??= [first]).push(own);
  }
  return parts ? parts.join('\n\n') : first;
}

function ownWords(text: string): string | undefined {
  if (isHarnessText(text)) return undefined;
  const heading = text.indexOf(CODEX_REQUEST_HEADING);
  const own = (heading >= 0 ? text.slice(heading + CODEX_REQUEST_HEADING.length) : text).trim();
  return own === '' ? undefined : own;
}
