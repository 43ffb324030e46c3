/** How many times a global pattern matches in `text`; the pattern's `lastIndex` is reset first. */
export function countMatches(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  let n = 0;
  while (pattern.exec(text) !== null) n++;
  return n;
}
