/**
 * The `lc_call_N` strings a LangChain file holds, quoted as JSON writes them. The reader names calls whose id is null
 * `lc_call_N` with an N not among these, so an id of this form that is not in the file is one the reader made up.
 */
export function lcCallIdsWritten(text: string | undefined): Set<string> {
  const ids = new Set<string>();
  if (text === undefined || !text.includes('lc_call_')) return ids;
  for (const match of text.matchAll(/"(lc_call_\d+)"/g)) ids.add(match[1] as string);
  return ids;
}
