import { grown } from '../arrays/grown';
import { charKind, LOWER, SEPARATOR, UPPER } from './char-kind';
import { hashTerms, TERM_BUCKETS, type TermSink } from './hash-terms';

/** How much of a text its remembered terms cover: the most the TF-IDF index reads of one text (2,048 ÷ 2). */
export const REMEMBERED_CHARS = 1024;

/**
 * What one message's texts gave, in the order the index reads them: the text, then its terms (`[cover, term, …]`,
 * see `rememberTerms`), then the next text and its terms, and so on.
 */
export type RememberedTerms = (string | Int32Array)[];

/** A term is remembered as `end << END_SHIFT | bucket`: buckets take the low bits, ends (at most 1,024) the rest. */
const END_SHIFT = Math.log2(TERM_BUCKETS);
const BUCKET_BITS = TERM_BUCKETS - 1;
const scratch: Required<TermSink> = { terms: new Int32Array(256), ends: new Int32Array(256), length: 0 };

/**
 * Appends to `sink` exactly what `hashTerms(text, 0, take, sink)` appends, for the `visit`-th text of a message
 * (`remembered` is that message's record), without reading the text again once its terms are remembered. The
 * index reads the same messages prune after prune, with a cut (`take`) that moves with the number of units: the
 * terms of a text's head (as far as a cut has reached, up to `REMEMBERED_CHARS`) are hashed once, each with the
 * offset where it ends, and a cut takes those ending at or before it. A cut inside a word gives that word's head as a term of its own: only that
 * word is hashed again. A text not the one remembered at `visit` (the message was changed) is read afresh.
 * `sink` has no `ends`: remembered terms are appended without them.
 */
export function appendTextTerms(remembered: RememberedTerms, visit: number, text: string, take: number, sink: TermSink): void {
  const most = Math.min(text.length, REMEMBERED_CHARS);
  if (take > most) {
    hashTerms(text, 0, take, sink);
    return;
  }
  const at = visit * 2;
  let terms = remembered[at + 1];
  if (remembered[at] !== text || !(terms instanceof Int32Array) || take > (terms[0] as number)) {
    // Read as far as asked, and at least twice as far as before, so that a cut moving up reads each text a few times at most.
    const cover = terms instanceof Int32Array && remembered[at] === text ? Math.min(most, Math.max(take, 2 * (terms[0] as number))) : take;
    terms = rememberTerms(text, cover);
    remembered[at] = text;
    remembered[at + 1] = terms;
  }
  const cover = terms[0] as number;
  let count = terms.length;
  if (take < cover) {
    // Ends only grow: the first term ending after the cut, by bisection.
    const limit = (take + 1) << END_SHIFT;
    let low = 1;
    while (low < count) {
      const middle = (low + count) >>> 1;
      if ((terms[middle] as number) < limit) low = middle + 1;
      else count = middle;
    }
  }
  reserve(sink, count - 1);
  const into = sink.terms;
  let length = sink.length;
  for (let k = 1; k < count; k++) into[length++] = (terms[k] as number) & BUCKET_BITS;
  sink.length = length;
  if (take < cover && take > 0) {
    const start = wordCutAt(text, take);
    if (start >= 0) hashTerms(text, start, take, sink);
  }
}

/** `[cover, term, term, …]`: the terms of `text[0, cover)`, each as `end << END_SHIFT | bucket`. */
function rememberTerms(text: string, cover: number): Int32Array {
  scratch.length = 0;
  hashTerms(text, 0, cover, scratch);
  const terms = new Int32Array(scratch.length + 1);
  terms[0] = cover;
  for (let k = 0; k < scratch.length; k++) terms[k + 1] = ((scratch.ends[k] as number) << END_SHIFT) | (scratch.terms[k] as number);
  return terms;
}

/** Where the word that `take` cuts in two starts (as `hashTerms` splits words), or -1 when `take` falls between words. */
function wordCutAt(text: string, take: number): number {
  const previous = charKind(text.charCodeAt(take - 1));
  const next = charKind(text.charCodeAt(take));
  if (previous === SEPARATOR || next === SEPARATOR) return -1;
  if (next === UPPER && previous === LOWER) return -1;
  let start = take - 1;
  while (start > 0) {
    const before = charKind(text.charCodeAt(start - 1));
    if (before === SEPARATOR) break;
    if (charKind(text.charCodeAt(start)) === UPPER && before === LOWER) break;
    start--;
  }
  return start;
}

/** Room for `extra` more terms, so the copy above checks nothing per term. */
function reserve(sink: TermSink, extra: number): void {
  const needed = sink.length + extra;
  if (needed <= sink.terms.length) return;
  sink.terms = grown(sink.terms.subarray(0, sink.length), new Int32Array(Math.max(needed, sink.terms.length * 2)));
}
