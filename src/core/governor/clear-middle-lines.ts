/** How much of a text's head and tail survive a clearing: lines, capped in characters. */
export interface ClearLimits {
  headLines: number;
  headChars: number;
  tailLines: number;
  tailChars: number;
}

/**
 * The text with its middle replaced by `[… N lines cleared …]`: the first `headLines` lines (at most `headChars`
 * characters) and the last `tailLines` lines (at most `tailChars`) stay as they were. A text of one long line loses
 * its middle characters instead, `[… N characters cleared …]`. `undefined` when the text already fits, since a
 * marker would then save nothing. The head and tail are slices of the input, so errors at the end of a log and the
 * command's first lines both survive.
 */
export function clearMiddleLines(text: string, limits: ClearLimits): string | undefined {
  if (text.length <= limits.headChars + limits.tailChars + MARKER_ROOM) return undefined;
  let headEnd = 0;
  for (let line = 0; line < limits.headLines; line++) {
    const next = text.indexOf('\n', headEnd);
    if (next < 0 || next + 1 > limits.headChars) break;
    headEnd = next + 1;
  }
  if (headEnd === 0) headEnd = limits.headChars;
  let tailStart = text.length;
  for (let line = 0; line < limits.tailLines; line++) {
    const previous = text.lastIndexOf('\n', tailStart - 2);
    if (previous < 0 || text.length - (previous + 1) > limits.tailChars) break;
    tailStart = previous + 1;
  }
  if (tailStart === text.length) tailStart = text.length - limits.tailChars;
  if (tailStart <= headEnd) return undefined;

  let lines = 0;
  for (let at = text.indexOf('\n', headEnd); at >= 0 && at < tailStart; at = text.indexOf('\n', at + 1)) lines++;
  const marker = lines > 0 ? `[… ${lines} line${lines === 1 ? '' : 's'} cleared …]` : `[… ${tailStart - headEnd} characters cleared …]`;
  const head = text.slice(0, headEnd);
  const tail = text.slice(tailStart);
  return `${head}${head.endsWith('\n') ? '' : '\n'}${marker}\n${tail}`;
}

/** A marker is about 30 characters; clearing less than that would not shorten the text. */
const MARKER_ROOM = 40;
