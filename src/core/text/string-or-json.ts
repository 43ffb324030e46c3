/** A string as it is, anything else as its JSON; '' for what JSON cannot write (undefined, a cycle, a BigInt). */
export function stringOrJson(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
