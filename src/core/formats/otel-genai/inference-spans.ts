import type { OtelSpan } from './list-otel-spans';
import { attributeOf } from './otel-attribute';

const INFERENCE = new Set(['chat', 'generate_content', 'text_completion', 'completion']);

/**
 * The spans of `spans` that are one model request each (`gen_ai.operation.name` `chat`, `generate_content` or
 * `text_completion`, or a span named after one of those), in the order the requests ended. `invoke_agent` and
 * `execute_tool` spans are not: an agent span repeats the sum of its requests' usage.
 */
export function inferenceSpans(spans: readonly OtelSpan[]): OtelSpan[] {
  const found = spans.filter((span) => {
    const operation = attributeOf(span, 'gen_ai.operation.name');
    if (typeof operation === 'string') return INFERENCE.has(operation);
    const first = span.name.split(' ')[0] ?? '';
    return INFERENCE.has(first) && [...span.attributes.keys()].some((key) => key.startsWith('gen_ai.'));
  });
  return found.map((span, order) => ({ span, order })).sort((a, b) => (a.span.end < b.span.end ? -1 : a.span.end > b.span.end ? 1 : a.order - b.order)).map(({ span }) => span);
}
