/**
 * `larger` holding `values` at its start: the one way the core grows a typed array it fills (tool pairs in
 * `links/scan-messages.ts`, term buffers and postings in the governor's TF-IDF index, the summary's path hashes). The
 * caller makes `larger`, so it picks the type and the size (doubled, or as much as it knows it needs).
 */
export function grown<T extends Int32Array | Float64Array>(values: T, larger: T): T {
  larger.set(values);
  return larger;
}
