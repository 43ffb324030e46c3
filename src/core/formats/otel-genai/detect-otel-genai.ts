import type { Detection, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { DETECTION_SAMPLE } from '../message-list';
import { mismatch } from '../mismatch';
import { listOtelSpans } from './list-otel-spans';

const MESSAGE_EVENTS = /^gen_ai\.(system|user|assistant|tool)\.message$|^gen_ai\.choice$/;

/**
 * An OTLP/JSON export (`resourceSpans`, or `resourceLogs` for the older per-message events; one document or one per
 * line) with OpenTelemetry GenAI content: a span with `gen_ai.input.messages`, or `gen_ai.*.message` events. A trace
 * whose GenAI spans hold no content is recognised and refused with the reason (content capture is opt-in), as are
 * the look-alikes that carry GenAI usage but their own message attributes (AI SDK telemetry's `ai.prompt.messages`,
 * OpenLLMetry's `gen_ai.prompt.0.content`).
 */
export function detectOtelGenAi(source: TranscriptSource): Detection {
  const documents = source.kind === 'document' ? [source.value] : source.lines.slice(0, DETECTION_SAMPLE).map((l) => l.value);
  if (!documents.some((d) => isRecord(d) && (Array.isArray(d.resourceSpans) || Array.isArray(d.resourceLogs)))) {
    return mismatch('it is not an OTLP/JSON export (no `resourceSpans` or `resourceLogs`)');
  }
  let genAi = false;
  let lookalike: string | undefined;
  for (const document of documents) {
    for (const span of listOtelSpans(document, undefined, DETECTION_SAMPLE)) {
      const keys = [...span.attributes.keys()];
      if (span.attributes.has('gen_ai.input.messages') || span.attributes.has('gen_ai.output.messages')) {
        return { reads: true, confidence: 0.98, reason: 'it is an OTLP trace export with GenAI spans that record their messages (`gen_ai.input.messages`)' };
      }
      const events = isRecord(span.span) && Array.isArray(span.span.events) ? span.span.events : [];
      if (events.some((e) => isRecord(e) && typeof e.name === 'string' && MESSAGE_EVENTS.test(e.name))) {
        return { reads: true, confidence: 0.95, reason: 'it is an OTLP trace export with GenAI message events (`gen_ai.user.message`, …)' };
      }
      if (keys.some((k) => k.startsWith('gen_ai.'))) genAi = true;
      if (keys.includes('ai.prompt.messages')) lookalike ??= 'its spans are AI SDK telemetry (`ai.prompt.messages`), not GenAI message attributes';
      if (keys.some((k) => /^gen_ai\.(prompt|completion)\.\d+\./.test(k))) lookalike ??= 'its spans hold OpenLLMetry attributes (`gen_ai.prompt.0.content`), not GenAI message attributes';
    }
    const logs = isRecord(document) && Array.isArray(document.resourceLogs) ? document.resourceLogs : [];
    for (const resource of logs) {
      const scopes = isRecord(resource) && Array.isArray(resource.scopeLogs) ? resource.scopeLogs : [];
      for (const scope of scopes) {
        const records = isRecord(scope) && Array.isArray(scope.logRecords) ? scope.logRecords.slice(0, DETECTION_SAMPLE) : [];
        for (const record of records) {
          if (!isRecord(record)) continue;
          const attributes = Array.isArray(record.attributes) ? record.attributes : [];
          const named = attributes.find((a) => isRecord(a) && a.key === 'event.name');
          const name = record.eventName ?? (isRecord(named) && isRecord(named.value) ? named.value.stringValue : undefined);
          if (typeof name === 'string' && MESSAGE_EVENTS.test(name)) {
            return { reads: true, confidence: 0.95, reason: 'it is an OTLP log export of GenAI message events (`gen_ai.user.message`, …)' };
          }
        }
      }
    }
  }
  if (lookalike !== undefined) return mismatch(lookalike, 10);
  if (genAi) {
    return mismatch(
      'the trace has GenAI spans without message content: content capture is opt-in (for example OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true, or SPAN_ONLY with OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental)',
      20,
    );
  }
  return mismatch('its spans have no GenAI attributes (`gen_ai.*`)', 1);
}
