/** Characters of the grams the filter remembers: a needle holding a gram the haystack lacks is not in it. */
const GRAM = 8;

/**
 * `haystack.includes` for many needles: a long haystack's 8-character grams go into a bit set (a Bloom filter, one
 * hash), and a needle one of whose grams (first, middle, last) is missing cannot be in it, so most needles that are
 * not there skip the scan. A summary of a 100k-message transcript is searched for every probe the plan lost: without
 * the filter that is probes × summary length. Exact: a needle found by the filter is confirmed by `includes`.
 * Haystacks shorter than `minLength` are scanned directly.
 */
export function createSubstringSearch(haystack: string, minLength = 4096): (needle: string) => boolean {
  if (haystack.length < minLength) return (needle) => haystack.includes(needle);
  // About 8 bits per gram keeps the false positives near 12%; at most 2 MB.
  let size = 1 << 16;
  while (size < haystack.length * 8 && size < 1 << 24) size <<= 1;
  const mask = size - 1;
  const bits = new Uint32Array(size >>> 5);
  for (let i = 0; i + GRAM <= haystack.length; i++) {
    const h = gramHash(haystack, i) & mask;
    bits[h >>> 5] = (bits[h >>> 5] as number) | (1 << (h & 31));
  }
  const has = (text: string, at: number): boolean => {
    const h = gramHash(text, at) & mask;
    return ((bits[h >>> 5] as number) & (1 << (h & 31))) !== 0;
  };
  return (needle) => {
    const last = needle.length - GRAM;
    if (last >= 0 && !(has(needle, 0) && has(needle, last >> 1) && has(needle, last))) return false;
    return haystack.includes(needle);
  };
}

/** FNV-1a over the gram's UTF-16 code units. */
function gramHash(text: string, at: number): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < GRAM; k++) {
    h ^= text.charCodeAt(at + k);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
