/** The lines of a tool result's content (a string, or text parts), as its placeholder says them. */
export function resultLineCount(content: unknown): number {
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
