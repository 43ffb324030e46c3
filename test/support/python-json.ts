/**
 * `json.dumps(value, indent=…)` as Python writes it, for generated files in the shape Python agents save: `", "` and
 * `": "` on one line (or the JS separators with an indent), non-ASCII escaped as `\uXXXX`, keys whose value is
 * `undefined` left out (Python has none).
 */
export function pythonDumps(value: unknown, indent?: number): string {
  const escape = (json: string) => json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (indent !== undefined) return escape(JSON.stringify(value, null, indent));
  const write = (v: unknown): string => {
    if (v === null || typeof v !== 'object') return escape(JSON.stringify(v) ?? 'null');
    if (Array.isArray(v)) return `[${v.map(write).join(', ')}]`;
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${escape(JSON.stringify(k))}: ${write(x)}`)
      .join(', ')}}`;
  };
  return write(value);
}
