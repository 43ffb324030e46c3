import type { ParseContext, RecordedRequest } from '../format-types';
import type { OtelSpan } from './list-otel-spans';
import { attributeOf } from './otel-attribute';

/**
 * One request per inference span with usage (`gen_ai.usage.*`, or the names before v1.27): input less its cache
 * reads and writes, output, reasoning, the model that answered. Its response became the message at the position its input ended, in the
 * last span's conversation, when its input is a prefix of that conversation (checked on the input's last message; a
 * warning says when an app trimmed or rewrote the history between requests).
 */
export function recordedRequests(
  spans: readonly OtelSpan[],
  heldOf: (span: OtelSpan) => unknown[] | undefined,
  positions: readonly number[],
  messageCount: number,
  all: readonly unknown[],
  warnings: ParseContext['warnings'],
): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  let warned = false;
  for (const span of spans) {
    const input = count(attributeOf(span, 'gen_ai.usage.input_tokens') ?? attributeOf(span, 'gen_ai.usage.prompt_tokens'));
    const outputTokens = count(attributeOf(span, 'gen_ai.usage.output_tokens') ?? attributeOf(span, 'gen_ai.usage.completion_tokens'));
    if (input === 0 && outputTokens === 0) continue;
    const cacheRead = Math.min(input, count(attributeOf(span, 'gen_ai.usage.cache_read.input_tokens')));
    const cacheWrite = Math.min(input - cacheRead, count(attributeOf(span, 'gen_ai.usage.cache_creation.input_tokens')));
    let held: unknown[] | undefined;
    try {
      held = heldOf(span);
    } catch {
      held = undefined;
    }
    const n = held?.length ?? all.length - 1;
    if (held !== undefined && n > 0 && !warned && JSON.stringify(held[n - 1]) !== JSON.stringify(all[n - 1])) {
      warnings.push({ message: `Span "${span.name}" (${span.spanId}) sent a history that is not the start of the last request's: its usage is placed by message count.` });
      warned = true;
    }
    const position = positions[n];
    const request: RecordedRequest = {
      messageIndex: position === undefined ? messageCount : Math.max(0, position),
      contextStart: 0,
      inputTokens: input - cacheRead - cacheWrite,
      cacheCreationInputTokens: cacheWrite,
      cacheReadInputTokens: cacheRead,
      outputTokens,
    };
    const reasoning = count(attributeOf(span, 'gen_ai.usage.reasoning.output_tokens'));
    if (reasoning > 0) request.reasoningOutputTokens = reasoning;
    const model = attributeOf(span, 'gen_ai.response.model') ?? attributeOf(span, 'gen_ai.request.model');
    if (typeof model === 'string') request.model = model;
    if (span.line !== undefined) request.line = span.line;
    requests.push(request);
  }
  return requests;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
