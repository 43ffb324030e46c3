import type { Message } from '../../types';
import { toOtelMessages } from './to-otel-messages';

/** Fixed ids: a written trace is new, and the same messages always give the same file. */
const TRACE_ID = '7072756e6573636f7065000000000001';
const SPAN_ID = '7072756e65000001';

/**
 * Messages as a new OTLP/JSON trace of one `chat` span, in the current GenAI conventions: `gen_ai.input.messages`
 * (all but a final assistant message), `gen_ai.output.messages` (that message), `gen_ai.system_instructions`, each a
 * JSON string. What a conversation from another format, or a trace that cannot be spliced, is written as.
 */
export function otelTraceDocument(messages: readonly Message[], system: string | undefined): { document: unknown; dropped: number } {
  const last = messages[messages.length - 1];
  const answered = last?.role === 'assistant';
  const input = toOtelMessages(answered ? messages.slice(0, -1) : messages);
  const output = toOtelMessages(answered && last !== undefined ? [last] : []);
  const attributes: unknown[] = [{ key: 'gen_ai.operation.name', value: { stringValue: 'chat' } }];
  if (system !== undefined && system !== '') {
    attributes.push({ key: 'gen_ai.system_instructions', value: { stringValue: JSON.stringify([{ type: 'text', content: system }]) } });
  }
  attributes.push({ key: 'gen_ai.input.messages', value: { stringValue: JSON.stringify(input.messages) } });
  if (answered) attributes.push({ key: 'gen_ai.output.messages', value: { stringValue: JSON.stringify(output.messages.map((m) => ({ ...(m as object), finish_reason: 'stop' }))) } });
  const span = { traceId: TRACE_ID, spanId: SPAN_ID, name: 'chat', kind: 3, startTimeUnixNano: '0', endTimeUnixNano: '0', attributes, status: {} };
  const document = { resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'prunescope' } }] }, scopeSpans: [{ scope: { name: 'prunescope' }, spans: [span] }] }] };
  return { document, dropped: input.dropped + output.dropped };
}
