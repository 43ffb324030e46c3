/**
 * The text of content given either as a string or as a list of parts (`{ type: 'text' | 'input_text' |
 * 'output_text' | …, text }`), parts joined by a blank line. Parts without text (images, files) add nothing.
 */
export function joinTextParts(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) {
    if (part !== null && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string') {
      texts.push((part as { text: string }).text);
    }
  }
  return texts.join('\n\n');
}
