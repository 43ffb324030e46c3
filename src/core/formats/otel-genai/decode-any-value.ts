import { isRecord } from '../is-record';

/**
 * An OTLP/JSON `AnyValue` as the value it holds: `stringValue`, `boolValue`, `intValue` (int64, written as a decimal
 * string by the spec and as a number by some exporters: both read as a number), `doubleValue`, `bytesValue` (base64,
 * kept as the string), `arrayValue.values` and `kvlistValue.values` (`{ key, value }` pairs) as an array and an object.
 * An empty or unknown value is `undefined`.
 */
export function decodeAnyValue(value: unknown): unknown {
  if (!isRecord(value)) return undefined;
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return typeof value.intValue === 'string' ? Number(value.intValue) : value.intValue;
  if ('doubleValue' in value) return typeof value.doubleValue === 'string' ? Number(value.doubleValue) : value.doubleValue;
  if ('boolValue' in value) return value.boolValue;
  if ('bytesValue' in value) return value.bytesValue;
  if (isRecord(value.arrayValue)) return Array.isArray(value.arrayValue.values) ? value.arrayValue.values.map(decodeAnyValue) : [];
  if (isRecord(value.kvlistValue)) {
    const out: Record<string, unknown> = {};
    const values = Array.isArray(value.kvlistValue.values) ? value.kvlistValue.values : [];
    for (const pair of values) if (isRecord(pair) && typeof pair.key === 'string') out[pair.key] = decodeAnyValue(pair.value);
    return out;
  }
  return undefined;
}
