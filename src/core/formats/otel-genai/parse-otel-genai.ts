import { conversationTitle } from '../conversation-title';
import type { ConversationOf, ParseContext, RecordedRequest, TranscriptSource } from '../format-types';
import { recordedRequests } from './recorded-requests';
import { isRecord } from '../is-record';
import { inferenceSpans } from './inference-spans';
import { listOtelSpans, type OtelSpan } from './list-otel-spans';
import { messagesOfSpan } from './messages-of-span';
import { otelMessagesToCanonical } from './otel-messages-to-canonical';
import { attributeOf } from './otel-attribute';
import { parseOtelEvents } from './parse-otel-events';

type Conversation = ConversationOf<'otel-genai'>;

/** What export and the usage reader need to find again in the file; kept as the conversation's `envelope`. */
export interface OtelEnvelope {
  traceId: string;
  /** The span whose messages are the conversation, and where it is. */
  spanId: string;
  path: (string | number)[];
  line?: number;
  /** The span's decoded message lists (the very objects in `sources`) and how each was written. */
  input: unknown[];
  inputEncoding: 'string' | 'structured';
  /** Indices in the span's `attributes` of `gen_ai.input.messages` and `gen_ai.output.messages`. */
  inputAttribute: number;
  outputAttribute?: number;
  output: unknown[];
  outputEncoding?: 'string' | 'structured';
  /** Every request of the trace whose usage the file recorded (`gen_ai.usage.*` of each inference span). */
  requests: RecordedRequest[];
}

/**
 * OpenTelemetry GenAI traces from an OTLP/JSON export (one document, or one per line as the Collector's file exporter
 * writes): one conversation per trace, the messages of its last inference span (`gen_ai.input.messages` and the first
 * of `gen_ai.output.messages`, which was the request's answer), the system prompt from `gen_ai.system_instructions` or
 * leading system messages. Every inference span's `gen_ai.usage.*` is one recorded request, placed after the prefix
 * of the conversation its input held; `invoke_agent` spans, which repeat their requests' sum, are not added to them.
 * A trace recorded with the older per-message events (`gen_ai.user.message`, … as log records or span events) is read
 * by `parseOtelEvents`.
 */
export function parseOtelGenAi(source: TranscriptSource, { fileName, text, warnings }: Pick<ParseContext, 'fileName' | 'text' | 'warnings'>): Conversation[] {
  const documents = source.kind === 'document' ? [{ value: source.value, line: undefined }] : source.lines.map(({ value, line }) => ({ value, line }));
  const spans = documents.flatMap(({ value, line }) => listOtelSpans(value, line));
  const traces = new Map<string, OtelSpan[]>();
  for (const span of spans) traces.set(span.traceId, [...(traces.get(span.traceId) ?? []), span]);
  const conversations: Conversation[] = [];
  for (const [traceId, traceSpans] of traces) {
    const requests = inferenceSpans(traceSpans);
    const withMessages = (list: OtelSpan[]) => list.filter((span) => span.attributes.has('gen_ai.input.messages'));
    const agents = traceSpans.filter((span) => /^invoke_(agent|workflow)$/.test(String(attributeOf(span, 'gen_ai.operation.name'))));
    const chosen = withMessages(requests).at(-1) ?? withMessages(agents).at(-1);
    if (chosen === undefined) continue;
    const input = messagesOfSpan(chosen, 'gen_ai.input.messages') ?? { list: [], encoding: 'string' as const };
    const output = messagesOfSpan(chosen, 'gen_ai.output.messages');
    if ((output?.list.length ?? 0) > 1) warnings.push({ message: `Trace ${traceId}: span "${chosen.name}" has ${output?.list.length} output messages (n > 1); the first is read.` });
    const all = [...input.list, ...(output?.list.slice(0, 1) ?? [])];
    const read = otelMessagesToCanonical(all);
    const envelope: OtelEnvelope = {
      traceId,
      spanId: chosen.spanId,
      path: chosen.path,
      input: input.list,
      inputEncoding: input.encoding,
      inputAttribute: chosen.attributes.get('gen_ai.input.messages')?.index ?? -1,
      output: output?.list ?? [],
      requests: [],
    };
    const outputAttribute = chosen.attributes.get('gen_ai.output.messages')?.index;
    if (outputAttribute !== undefined) envelope.outputAttribute = outputAttribute;
    if (chosen.line !== undefined) envelope.line = chosen.line;
    if (output !== undefined) envelope.outputEncoding = output.encoding;
    envelope.requests = recordedRequests(requests, (span) => messagesOfSpan(span, 'gen_ai.input.messages')?.list, read.positions, read.messages.length, all, warnings);
    const conversation: Conversation = {
      id: traceId === '' ? `trace-${conversations.length + 1}` : traceId,
      title: conversationTitle(read.messages, `${chosen.name}${fileName !== undefined ? ` (${fileName})` : ''}`),
      format: 'otel-genai',
      messages: read.messages,
      sources: read.sources,
      envelope: envelope as unknown as Record<string, unknown>,
      sourceText: text,
    };
    const system = [systemInstructions(attributeOf(chosen, 'gen_ai.system_instructions')), ...read.system].filter((s) => s !== '');
    if (system.length > 0) conversation.system = system.join('\n\n');
    if (read.systemSources.length > 0) conversation.systemSources = read.systemSources;
    conversations.push(conversation);
  }
  if (conversations.length > 0) return conversations;
  return parseOtelEvents(source, spans, { fileName, text, warnings });
}

/** `gen_ai.system_instructions`: a JSON string or a list of parts, their text joined. */
function systemInstructions(value: unknown): string {
  let parts = value;
  if (typeof value === 'string') {
    try {
      parts = JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (!Array.isArray(parts)) return '';
  return parts.map((p) => (isRecord(p) && typeof p.content === 'string' ? p.content : '')).filter((s) => s !== '').join('\n\n');
}
