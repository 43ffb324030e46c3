/** The offsets of 1-based `line` in `text`, or all of it. */
export function lineSpan(text: string, line: number | undefined): { start: number; end: number } {
  if (line === undefined) return { start: 0, end: text.length };
  let start = 0;
  for (let n = 1; n < line; n++) start = text.indexOf('\n', start) + 1;
  const newline = text.indexOf('\n', start);
  const end = newline === -1 ? text.length : newline;
  return { start, end: text.charCodeAt(end - 1) === 13 ? end - 1 : end };
}
