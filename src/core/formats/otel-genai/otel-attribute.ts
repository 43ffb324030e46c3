import { decodeAnyValue } from './decode-any-value';
import type { OtelSpan } from './list-otel-spans';

/** An attribute of a span, decoded. */
export function attributeOf(span: OtelSpan, key: string): unknown {
  const found = span.attributes.get(key);
  return found === undefined ? undefined : decodeAnyValue(found.value);
}
