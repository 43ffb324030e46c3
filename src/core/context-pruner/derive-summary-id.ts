/**
 * A summary turn's id from the ids of the turns it replaces: `context-summary-` and 16 hex digits (two 32-bit
 * FNV-1a hashes with different offsets over the ids, each followed by a separator). A number stands for a message
 * without an id (its index), hashed as such rather than written out, which at 100k messages costs as much as the
 * rest of a plan's bookkeeping. Deterministic, so the same plan always names its summary the same; needs no `crypto`.
 */
export function deriveSummaryId(ids: ArrayLike<string | number>): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ ids.length;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string | number;
    if (typeof id === 'number') {
      // A marker no string id can produce (charCodeAt is at most 0xffff), then the index.
      a = Math.imul(a ^ 0x10000, 0x01000193);
      a = Math.imul(a ^ id, 0x01000193);
      b = Math.imul(b ^ 0x10001, 0x01000193);
      b = Math.imul(b ^ id, 0x01000193) ^ (b >>> 15);
      continue;
    }
    for (let k = 0; k < id.length; k++) {
      const c = id.charCodeAt(k);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
    }
    // A separator, so ['ab', 'c'] and ['a', 'bc'] differ.
    a = Math.imul(a ^ 0xffff, 0x01000193);
    b = Math.imul(b ^ 0xfffe, 0x01000193);
  }
  const hex = (h: number) => (h >>> 0).toString(16).padStart(8, '0');
  return `context-summary-${hex(a)}${hex(b)}`;
}
