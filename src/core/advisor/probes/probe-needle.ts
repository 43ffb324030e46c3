/** Characters of a fact looked for in a summary: a summary shortens a line but keeps its start (`shortenText`). */
const NEEDLE_CHARS = 40;

/**
 * What is looked for when a probe's message is not sent: its fact with whitespace runs made one space, cut to its
 * first 40 characters (a file's path whole, as the scorecard looks for it). Summaries are searched in the same
 * whitespace-collapsed form (`collapseWhitespace`).
 */
export function probeNeedle(fact: string, whole = false): string {
  const line = collapseWhitespace(fact);
  return whole || line.length <= NEEDLE_CHARS ? line : line.slice(0, NEEDLE_CHARS);
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
