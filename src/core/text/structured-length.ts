// Tool results nest blocks one level in practice; the depth cap only guards against hostile input.
export const MAX_DEPTH = 32;

/**
 * Characters of a JSON value as `messageTextLength` counts them: strings, numbers and booleans as written, object
 * keys and their values, nothing for null. A string value is measured in place rather than through a call, which
 * matters for the 50k tool inputs of a long transcript.
 */
export function structuredLength(value: unknown, depth: number): number {
  switch (typeof value) {
    case 'string':
      return value.length;
    case 'number':
    case 'boolean':
      return String(value).length;
    case 'object': {
      if (value === null || depth >= MAX_DEPTH) return 0;
      let total = 0;
      if (Array.isArray(value)) {
        for (let k = 0; k < value.length; k++) total += structuredLength(value[k], depth + 1);
        return total;
      }
      // Own keys only in practice: transcripts come from JSON, whose objects inherit nothing enumerable.
      for (const key in value) {
        const inner = (value as Record<string, unknown>)[key];
        total += key.length + (typeof inner === 'string' ? inner.length : structuredLength(inner, depth + 1));
      }
      return total;
    }
    default:
      return 0;
  }
}
