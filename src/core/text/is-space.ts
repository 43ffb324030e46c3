/**
 * Whether a UTF-16 code unit is what `\s` (and `trim`) takes for whitespace, Unicode spaces included, without a regex:
 * summary lines are collapsed (`shortenText`) and texts cut for the tokenizer (`countByLines`, whose cut must agree
 * with the vocabularies' `\s`) a character at a time. `is-space.test.ts` holds it to `\s` on every code unit.
 */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
