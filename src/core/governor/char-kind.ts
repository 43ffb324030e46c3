/**
 * How a character counts in a term, for `hashTerms` and for `appendTextTerms` (which must find the same word starts
 * when a cut falls inside a word): the one place the word rule lives. Letters and digits make terms, everything else
 * separates; any character from U+0080 counts as a lower-case letter, so non-Latin words are terms too. A capital
 * right after a `LOWER` starts a new word (camelCase humps); after a digit it does not (`v2Beta` is one word).
 */
export const SEPARATOR = 0;
export const DIGIT = 1;
export const LOWER = 2;
export const UPPER = 3;

/** ASCII classes, a table: this is read once per character of every text the TF-IDF index reads. */
const KIND = new Uint8Array(128);
for (let c = 48; c <= 57; c++) KIND[c] = DIGIT;
for (let c = 97; c <= 122; c++) KIND[c] = LOWER;
for (let c = 65; c <= 90; c++) KIND[c] = UPPER;

/** The kind (`SEPARATOR`, `DIGIT`, `LOWER`, `UPPER`) of the UTF-16 code unit `code`. */
export function charKind(code: number): number {
  return code < 128 ? (KIND[code] as number) : LOWER;
}
