/**
 * One line of at most `maxChars` characters: whitespace runs become one space, and a longer text keeps its start
 * (about 70%) and its end around ` … `, since a request's last words are often the actual ask.
 */
export function shortenText(text: string, maxChars: number): string {
  // Only the ends can survive, so a 100 kB paste is not collapsed whole.
  const window = maxChars * 4;
  const source = text.length > window * 2 ? `${text.slice(0, window)} ${text.slice(-window)}` : text;
  const line = source.replace(/\s+/g, ' ').trim();
  if (line.length <= maxChars) return line;
  const room = maxChars - 3;
  const head = Math.ceil(room * 0.7);
  return `${line.slice(0, head).trimEnd()} … ${line.slice(line.length - (room - head)).trimStart()}`;
}
