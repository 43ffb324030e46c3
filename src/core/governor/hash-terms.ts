import { grown } from '../arrays/grown';
import { charKind, LOWER, SEPARATOR, UPPER } from './char-kind';

/** Terms hash into this many buckets; collisions merge two rare terms, which a relevance score can afford. */
export const TERM_BUCKETS = 1 << 20;
const BUCKET_MASK = TERM_BUCKETS - 1;

/** Where `hashTerms` writes: a growable buffer of term buckets. */
export interface TermSink {
  terms: Int32Array;
  length: number;
  /** When present, each term's end (the offset where the text stopped adding to it), beside it in `terms`. */
  ends?: Int32Array;
}

/**
 * English stopwords, by bucket: a 64 KB filter (1 where some stopword's bucket has those low 16 bits) that stays in
 * cache, confirmed by a set only when it says yes, which is rare.
 */
const STOPWORD_FILTER = new Uint8Array(1 << 16);
const STOPWORDS = new Set<number>();

/**
 * Appends the hashed terms of `text[start, end)` to `sink`. A term is a run of letters and digits (ASCII letters
 * lowercased; any character from U+0080 counts as a letter, so non-Latin words are terms too), split at camelCase
 * humps (`TeamSheet` → team, sheet) and at `_`, `-`, `.`, `/`; a trailing plural `s` is dropped (`teams` → team).
 * Terms of one character and English stopwords are skipped. The hash is FNV-1a, mixed, masked to `TERM_BUCKETS`:
 * no strings are built, so tokenizing costs one pass over the characters.
 */
export function hashTerms(text: string, start: number, end: number, sink: TermSink): void {
  let hash = FNV_OFFSET;
  let beforeLast = FNV_OFFSET;
  let length = 0;
  let last = 0;
  let secondLast = 0;
  let previousLower = false;
  for (let i = start; i <= end; i++) {
    const code = i < end ? text.charCodeAt(i) : 32;
    const kind = charKind(code);
    // A capital after a lower-case letter starts a new term: camelCase humps are words of their own.
    if (length > 0 && (kind === SEPARATOR || (kind === UPPER && previousLower))) {
      if (length > 1) {
        // "teams" and "team" are one term; "class" keeps its s.
        const stem = length > 3 && last === 115 && secondLast !== 115 ? beforeLast : hash;
        const bucket = mix(stem);
        if (STOPWORD_FILTER[bucket & 0xffff] === 0 || !STOPWORDS.has(bucket)) push(sink, bucket, i);
      }
      hash = FNV_OFFSET;
      length = 0;
    }
    if (kind !== SEPARATOR) {
      const c = kind === UPPER ? code + 32 : code;
      beforeLast = hash;
      hash = Math.imul(hash ^ c, FNV_PRIME);
      length++;
      secondLast = last;
      last = c;
    }
    previousLower = kind === LOWER;
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function mix(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x45d9f3b);
  h ^= h >>> 16;
  return h & BUCKET_MASK;
}

function push(sink: TermSink, bucket: number, end: number): void {
  if (sink.length === sink.terms.length) {
    sink.terms = grown(sink.terms, new Int32Array(sink.terms.length * 2 || 64));
    if (sink.ends !== undefined) sink.ends = grown(sink.ends, new Int32Array(sink.ends.length * 2 || 64));
  }
  if (sink.ends !== undefined) sink.ends[sink.length] = end;
  sink.terms[sink.length++] = bucket;
}

const WORDS =
  'the a an and or but if then else of to in on at by for with from as is are was were be been being it its this that ' +
  'these those there here we you he she they them i me my our your their his her not no yes do does did done so than ' +
  'too very can could should would will shall may might must have has had just also into out up down over under about ' +
  'what which who whom when where why how all any each some such only own same other more most let lets us am';
{
  const sink: TermSink = { terms: new Int32Array(256), length: 0 };
  hashTerms(WORDS, 0, WORDS.length, sink);
  for (let k = 0; k < sink.length; k++) {
    const bucket = sink.terms[k] as number;
    STOPWORDS.add(bucket);
    STOPWORD_FILTER[bucket & 0xffff] = 1;
  }
}
