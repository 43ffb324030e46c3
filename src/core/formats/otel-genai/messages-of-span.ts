import type { OtelSpan } from './list-otel-spans';
import { attributeOf } from './otel-attribute';

/** A span's GenAI message attribute, decoded, with how it was written (a JSON string, or a structured `AnyValue`). */
export interface SpanMessages {
  list: unknown[];
  encoding: 'string' | 'structured';
}

/**
 * The messages a span records under `key` (`gen_ai.input.messages`, `gen_ai.output.messages`): a JSON string (what
 * most SDKs write, since attributes cannot hold structures) or an `arrayValue` of `kvlistValue`s. `undefined` when the
 * span has none; a string that is not a JSON array is an error naming the span and the attribute.
 */
export function messagesOfSpan(span: OtelSpan, key: string): SpanMessages | undefined {
  const value = attributeOf(span, key);
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    let list: unknown;
    try {
      list = JSON.parse(value);
    } catch {
      throw new Error(`span "${span.name}" (${span.spanId}): its ${key} is a string that is not JSON`);
    }
    if (!Array.isArray(list)) throw new Error(`span "${span.name}" (${span.spanId}): its ${key} is not a list of messages`);
    return { list, encoding: 'string' };
  }
  if (!Array.isArray(value)) throw new Error(`span "${span.name}" (${span.spanId}): its ${key} is neither a JSON string nor a list`);
  return { list: value, encoding: 'structured' };
}
