/**
 * A string as it is, anything else as its JSON; '' for what JSON cannot write (undefined, a cycle, a BigInt): how a
 * tool's output or input reaches a model as text (a live tool output can hold anything).
 */
export function stringOrJson(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
