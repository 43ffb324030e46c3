/**
 * A tool output's value as the text a model is sent: a string as it is, nothing as `''`, anything else as JSON (`''`
 * for what has none, a `bigint` or a cycle: a live tool output can hold anything).
 */
export function toolOutputString(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
