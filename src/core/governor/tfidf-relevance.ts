import type { TfidfIndex } from './build-tfidf-index';
import { hashTerms, type TermSink } from './hash-terms';
import { inverseDocumentFrequency } from './inverse-document-frequency';

/** Characters of a query that are read. */
const MAX_QUERY_CHARS = 4000;

/**
 * Per unit, the cosine between its TF-IDF vector and the query's, in [0, 1] (weights are never negative). The query
 * is tokenized as the units were (`hashTerms`, first 4,000 characters) and weighted with the index's idf. Only the
 * postings of the query's terms are read, so a query costs O(terms + their postings), not O(units · terms).
 * All zeros for a query with no indexable term.
 */
export function tfidfRelevance(index: TfidfIndex, query: string): Float64Array {
  const relevance = new Float64Array(index.unitCount);
  const sink: TermSink = { terms: new Int32Array(64), length: 0 };
  hashTerms(query, 0, Math.min(query.length, MAX_QUERY_CHARS), sink);
  if (sink.length === 0) return relevance;
  for (let k = 0; k < sink.length; k++) sink.terms[k] = (sink.terms[k] as number) & index.bucketMask;
  const terms = sink.terms.subarray(0, sink.length).sort();

  let queryNorm = 0;
  for (let k = 0; k < terms.length; ) {
    const term = terms[k] as number;
    let run = k + 1;
    while (run < terms.length && terms[run] === term) run++;
    const weight = (1 + Math.log(run - k)) * inverseDocumentFrequency(index.unitCount, index.documentFrequency[term] as number);
    queryNorm += weight * weight;
    for (let p = index.postingStart[term] as number; p < (index.postingStart[term + 1] as number); p++) {
      const unit = index.postingUnit[p] as number;
      relevance[unit] = (relevance[unit] as number) + weight * (index.postingWeight[p] as number);
    }
    k = run;
  }
  queryNorm = Math.sqrt(queryNorm);
  for (let u = 0; u < relevance.length; u++) {
    const dot = relevance[u] as number;
    if (dot === 0) continue;
    // Float32 weights can push a perfect match a hair past 1.
    relevance[u] = Math.min(1, dot / (queryNorm * (index.norm[u] as number)));
  }
  return relevance;
}
