import { hashTerms, type TermSink } from '../../src/core/governor/hash-terms';

/**
 * TF-IDF cosine written for obviousness: one Map per document, every pair compared. For texts short enough that the
 * index reads them whole (under 256 characters each), the fast index must agree with it.
 */
export function naiveTfidfCosines(documents: readonly string[], query: string): number[] {
  const bag = (text: string): Map<number, number> => {
    const sink: TermSink = { terms: new Int32Array(8), length: 0 };
    hashTerms(text, 0, text.length, sink);
    const counts = new Map<number, number>();
    for (const term of sink.terms.subarray(0, sink.length)) counts.set(term, (counts.get(term) ?? 0) + 1);
    return counts;
  };
  const bags = documents.map(bag);
  const df = new Map<number, number>();
  for (const counts of bags) for (const term of counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = documents.length;
  const vector = (counts: Map<number, number>) =>
    new Map([...counts].map(([term, tf]) => [term, (1 + Math.log(tf)) * (Math.log((n + 1) / ((df.get(term) ?? 0) + 1)) + 1)]));
  const norm = (v: Map<number, number>) => Math.sqrt([...v.values()].reduce((sum, w) => sum + w * w, 0));
  const q = vector(bag(query));
  return bags.map((counts) => {
    const v = vector(counts);
    let dot = 0;
    for (const [term, w] of q) dot += w * (v.get(term) ?? 0);
    return dot === 0 ? 0 : dot / (norm(q) * norm(v));
  });
}
