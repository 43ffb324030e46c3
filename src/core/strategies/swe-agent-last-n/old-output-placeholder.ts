import { toolResultText } from '../../text/tool-result-text';

/** `Old environment output: (N lines omitted)`, N as Python's `len(text.splitlines())`, plus any images. */
export function oldOutputPlaceholder(content: unknown): string {
  const text = toolResultText(content);
  const lines = text === '' ? 0 : text.split(/\r\n|\r|\n/).length - (/(\r\n|\r|\n)$/.test(text) ? 1 : 0);
  const images = Array.isArray(content) ? content.filter((b) => (b as { type?: unknown } | null)?.type === 'image').length : 0;
  return `Old environment output: (${lines} lines omitted)${images > 0 ? ` (${images} images omitted)` : ''}`;
}
