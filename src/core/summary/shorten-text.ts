import { isSpace } from '../text/is-space';

/**
 * One line of at most `maxChars` characters: whitespace runs become one space, and a longer text keeps its start
 * (about 70%) and its end around ` … `, since a request's last words are often the actual ask.
 *
 * Only the line's first `maxChars + 1` characters and its last few are built, each by one walk from its end of the
 * text: collapsing the whole text with a regex (a match per space) and cutting the line down to 200 characters
 * was most of a replay's summary renders, which shorten every line they write.
 */
export function shortenText(text: string, maxChars: number): string {
  // Only the ends can survive, so a 100 kB paste is not collapsed whole.
  const window = maxChars * 4;
  const source = text.length > window * 2 ? `${text.slice(0, window)} ${text.slice(-window)}` : text;
  const room = maxChars - 3;
  if (!Number.isInteger(maxChars) || room < 1) return shortenWhole(source, maxChars);
  const head = collapsedHead(source, maxChars + 1);
  if (head.length <= maxChars) return head;
  const headChars = Math.ceil(room * 0.7);
  const tailChars = room - headChars;
  const tail = tailChars === 0 ? '' : collapsedTail(source, tailChars);
  return `${head.slice(0, headChars).trimEnd()} … ${tail.slice(tail.length - tailChars).trimStart()}`;
}

/** The rule itself, for bounds too small to leave room around ` … `. */
function shortenWhole(source: string, maxChars: number): string {
  const line = source.replace(/\s+/g, ' ').trim();
  if (line.length <= maxChars) return line;
  const room = maxChars - 3;
  const head = Math.ceil(room * 0.7);
  return `${line.slice(0, head).trimEnd()} … ${line.slice(line.length - (room - head)).trimStart()}`;
}

/**
 * The start of `s` with its whitespace runs as one space and trimmed, at least `need` characters of it (all of it
 * when shorter). Stretches whose words are already one plain space apart are sliced whole rather than rebuilt.
 */
function collapsedHead(s: string, need: number): string {
  const n = s.length;
  let i = 0;
  while (i < n && isSpace(s.charCodeAt(i))) i++;
  let out = '';
  let runStart = i;
  while (i < n) {
    let j = i + 1;
    while (j < n && !isSpace(s.charCodeAt(j))) j++;
    if (out.length + (j - runStart) >= need) return out + s.slice(runStart, j);
    let k = j;
    while (k < n && isSpace(s.charCodeAt(k))) k++;
    if (k === n) return out + s.slice(runStart, j);
    if (k !== j + 1 || s.charCodeAt(j) !== 32) {
      out += `${s.slice(runStart, j)} `;
      runStart = k;
    }
    i = k;
  }
  return out + s.slice(runStart, n);
}

/** `collapsedHead` from the other end: the last `need` characters at least of the collapsed, trimmed text. */
function collapsedTail(s: string, need: number): string {
  let i = s.length;
  while (i > 0 && isSpace(s.charCodeAt(i - 1))) i--;
  let out = '';
  let runEnd = i;
  while (i > 0) {
    let j = i - 1;
    while (j > 0 && !isSpace(s.charCodeAt(j - 1))) j--;
    if (out.length + (runEnd - j) >= need) return s.slice(j, runEnd) + out;
    let k = j;
    while (k > 0 && isSpace(s.charCodeAt(k - 1))) k--;
    if (k === 0) return s.slice(j, runEnd) + out;
    if (k !== j - 1 || s.charCodeAt(k) !== 32) {
      out = ` ${s.slice(j, runEnd)}${out}`;
      runEnd = k;
    }
    i = k;
  }
  return out;
}
