/**
 * A value as an OTLP/JSON `AnyValue`, the inverse of `decodeAnyValue`: strings, booleans, integers (as the decimal
 * string the spec writes), other numbers as `doubleValue`, arrays and objects as `arrayValue` and `kvlistValue`.
 * `null` and `undefined` are the empty value.
 */
export function encodeAnyValue(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encodeAnyValue) } };
  if (value !== null && typeof value === 'object') {
    return { kvlistValue: { values: Object.entries(value).filter(([, v]) => v !== undefined).map(([key, v]) => ({ key, value: encodeAnyValue(v) })) } };
  }
  return {};
}
