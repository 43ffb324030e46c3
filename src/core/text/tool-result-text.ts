/** Nesting read at most: a tool result inside a tool result is rare, deeper ones are malformed. */
const MAX_DEPTH = 8;

/**
 * A tool result's text: its string content, or its text blocks joined by newlines, nested results' text included.
 * The one reader every part of prunescope uses (the scorecard, the summary, the governor, the timeline), so they
 * read the same output. With `shown`, for people: an image is `[image]` and any other block its JSON, so nothing
 * the result held is silently missing from a preview.
 */
export function toolResultText(content: unknown, shown = false, depth = 0): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content) || depth > MAX_DEPTH) return shown && content !== undefined ? json(content) : '';
  if (content.length === 1) {
    // Most results of block form hold one text block: no array is built for them.
    const only = content[0] as { type?: unknown; text?: unknown } | null;
    if (only !== null && typeof only === 'object' && only.type === 'text' && typeof only.text === 'string') return only.text;
  }
  const parts: string[] = [];
  for (const block of content) {
    if (block === null || typeof block !== 'object') continue;
    const { type, text } = block as { type?: unknown; text?: unknown; content?: unknown };
    if (type === 'text' && typeof text === 'string') parts.push(text);
    else if (type === 'tool_result') parts.push(toolResultText((block as { content?: unknown }).content, shown, depth + 1));
    else if (shown) parts.push(type === 'image' ? '[image]' : json(block));
  }
  return parts.join('\n');
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
