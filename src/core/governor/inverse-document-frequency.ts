/**
 * `ln((N + 1) / (df + 1)) + 1`, smoothed so that a term in every unit still weighs 1 and a query term found in no
 * unit weighs most. Shared by the index and the query, so both sides of a cosine use one idf.
 */
export function inverseDocumentFrequency(unitCount: number, documentFrequency: number): number {
  return Math.log((unitCount + 1) / (documentFrequency + 1)) + 1;
}
