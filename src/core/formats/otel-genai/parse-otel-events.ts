import { conversationTitle } from '../conversation-title';
import type { ConversationOf, ParseContext, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { decodeAnyValue } from './decode-any-value';
import { inferenceSpans } from './inference-spans';
import type { OtelSpan } from './list-otel-spans';
import { otelMessagesToCanonical } from './otel-messages-to-canonical';
import { recordedRequests } from './recorded-requests';

type Conversation = ConversationOf<'otel-genai'>;

const EVENTS = new Set(['gen_ai.system.message', 'gen_ai.user.message', 'gen_ai.assistant.message', 'gen_ai.tool.message', 'gen_ai.choice']);

/** One per-message event, where it is, and what it says. */
export interface OtelEvent {
  record: Record<string, unknown>;
  /** JSON path of the array holding it, and its index there. */
  arrayPath: (string | number)[];
  index: number;
  line?: number;
  name: string;
  traceId: string;
  spanId: string;
  body: Record<string, unknown>;
}

/**
 * The deprecated per-message events of GenAI conventions v1.28–1.36 (`gen_ai.system.message`, `gen_ai.user.message`,
 * `gen_ai.assistant.message` with `tool_calls`, `gen_ai.tool.message` with `id`, `gen_ai.choice`), as OTLP log
 * records (`eventName` or the `event.name` attribute, fields in `body`) or as span events (fields in attributes).
 * A request logs its whole input again, so the conversation is the events of the trace's last span; each message's
 * source is its event record. The trace's inference spans, when the file holds them (the Collector's file exporter
 * writes a traces line and a logs line), give the requests' usage.
 */
export function parseOtelEvents(source: TranscriptSource, spans: readonly OtelSpan[], { fileName, text, warnings }: Pick<ParseContext, 'fileName' | 'text' | 'warnings'>): Conversation[] {
  const documents = source.kind === 'document' ? [{ value: source.value, line: undefined }] : source.lines.map(({ value, line }) => ({ value, line }));
  const events = documents.flatMap(({ value, line }) => listOtelEvents(value, line));
  const bySpan = new Map<string, OtelEvent[]>();
  for (const event of events) bySpan.set(`${event.traceId}/${event.spanId}`, [...(bySpan.get(`${event.traceId}/${event.spanId}`) ?? []), event]);
  const lastOfTrace = new Map<string, OtelEvent[]>();
  for (const group of bySpan.values()) lastOfTrace.set(group[0]?.traceId ?? '', group);
  const conversations: Conversation[] = [];
  for (const [traceId, group] of lastOfTrace) {
    const converted = group.map(messageOfEvent);
    const read = otelMessagesToCanonical(converted);
    const recordOf = new Map<unknown, unknown>(converted.map((message, i) => [message, group[i]?.record]));
    const conversation: Conversation = {
      id: traceId === '' ? `trace-${conversations.length + 1}` : traceId,
      title: conversationTitle(read.messages, fileName ?? 'OpenTelemetry GenAI events'),
      format: 'otel-genai',
      messages: read.messages,
      sources: read.sources.map((list) => list.map((m) => recordOf.get(m))),
      envelope: {
        traceId,
        spanId: group[0]?.spanId ?? '',
        events: group.map(({ record, arrayPath, index, line }) => ({ record, arrayPath, index, line })),
        // The spans of the trace, when the file holds them too (one export line each), give each request's usage.
        requests: recordedRequests(
          inferenceSpans(spans.filter((span) => span.traceId === traceId)),
          (span) => bySpan.get(`${traceId}/${span.spanId}`)?.filter((e) => e.name !== 'gen_ai.choice').map(messageOfEvent),
          read.positions,
          read.messages.length,
          converted,
          warnings,
        ),
      },
      sourceText: text,
    };
    if (read.system.length > 0) conversation.system = read.system.join('\n\n');
    if (read.systemSources.length > 0) conversation.systemSources = read.systemSources.map((m) => recordOf.get(m));
    conversations.push(conversation);
  }
  return conversations;
}

function listOtelEvents(document: unknown, line: number | undefined): OtelEvent[] {
  const out: OtelEvent[] = [];
  const add = (record: unknown, arrayPath: (string | number)[], index: number, name: unknown, traceId: unknown, spanId: unknown, body: unknown) => {
    if (!isRecord(record) || typeof name !== 'string' || !EVENTS.has(name)) return;
    const event: OtelEvent = { record, arrayPath, index, name, traceId: String(traceId ?? ''), spanId: String(spanId ?? ''), body: isRecord(body) ? body : {} };
    if (line !== undefined) event.line = line;
    out.push(event);
  };
  if (!isRecord(document)) return out;
  if (Array.isArray(document.resourceLogs)) {
    document.resourceLogs.forEach((resource: unknown, r: number) => {
      const scopes = isRecord(resource) && Array.isArray(resource.scopeLogs) ? resource.scopeLogs : [];
      scopes.forEach((scope: unknown, s: number) => {
        const records = isRecord(scope) && Array.isArray(scope.logRecords) ? scope.logRecords : [];
        records.forEach((record: unknown, k: number) => {
          if (!isRecord(record)) return;
          const attributes = attributesOf(record.attributes);
          add(record, ['resourceLogs', r, 'scopeLogs', s, 'logRecords'], k, record.eventName ?? attributes['event.name'], record.traceId, record.spanId, decodeAnyValue(record.body));
        });
      });
    });
  }
  if (Array.isArray(document.resourceSpans)) {
    document.resourceSpans.forEach((resource: unknown, r: number) => {
      const scopes = isRecord(resource) && Array.isArray(resource.scopeSpans) ? resource.scopeSpans : [];
      scopes.forEach((scope: unknown, s: number) => {
        const spans = isRecord(scope) && Array.isArray(scope.spans) ? scope.spans : [];
        spans.forEach((span: unknown, k: number) => {
          const events = isRecord(span) && Array.isArray(span.events) ? span.events : [];
          events.forEach((event: unknown, e: number) => {
            if (!isRecord(event) || !isRecord(span)) return;
            add(event, ['resourceSpans', r, 'scopeSpans', s, 'spans', k, 'events'], e, event.name, span.traceId, span.spanId, attributesOf(event.attributes));
          });
        });
      });
    });
  }
  return out;
}

function attributesOf(list: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (Array.isArray(list)) for (const pair of list) if (isRecord(pair) && typeof pair.key === 'string') out[pair.key] = decodeAnyValue(pair.value);
  return out;
}

/** An event as a GenAI message (`{ role, parts }`), so one reader maps both conventions. */
function messageOfEvent(event: OtelEvent): Record<string, unknown> {
  const body = event.name === 'gen_ai.choice' && isRecord(event.body.message) ? event.body.message : event.body;
  const content = typeof body.content === 'string' ? body.content : body.content === undefined ? undefined : JSON.stringify(body.content);
  switch (event.name) {
    case 'gen_ai.system.message':
      return { role: 'system', parts: [{ type: 'text', content: content ?? '' }] };
    case 'gen_ai.tool.message':
      return { role: 'tool', parts: [{ type: 'tool_call_response', id: body.id, response: content ?? '' }] };
    case 'gen_ai.user.message':
      return { role: 'user', parts: [{ type: 'text', content: content ?? '' }] };
  }
  const calls = typeof body.tool_calls === 'string' ? safeJson(body.tool_calls) : body.tool_calls;
  const parts: unknown[] = content !== undefined && content !== '' ? [{ type: 'text', content }] : [];
  if (Array.isArray(calls)) {
    for (const call of calls) {
      const fn = isRecord(call) && isRecord(call.function) ? call.function : {};
      parts.push({ type: 'tool_call', id: isRecord(call) ? call.id : undefined, name: fn.name, arguments: fn.arguments });
    }
  }
  return { role: 'assistant', parts };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
