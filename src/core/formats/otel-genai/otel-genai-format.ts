import { OPENAI_CHAT_FORMAT_ID } from '../openai-chat/id';
import { defineFormat } from '../define-format';
import type { RecordedRequest } from '../format-types';
import { isRecord } from '../is-record';
import { detectOtelGenAi } from './detect-otel-genai';
import { parseOtelGenAi } from './parse-otel-genai';
import { serializeOtelGenAi } from './serialize-otel-genai';

/**
 * OpenTelemetry GenAI traces (OTLP/JSON), the conventions' message attributes or their older per-message events.
 * Most GenAI instrumentations record OpenAI-style chat requests (one `tool` message per response), so the
 * conversation is checked as OpenAI Chat Completions; each request's model, from its span, prices the replay.
 */
export const otelGenAiFormat = defineFormat({
  id: 'otel-genai',
  name: 'OpenTelemetry GenAI trace (OTLP JSON)',
  supportedAs: 'OpenTelemetry GenAI traces (OTLP JSON)',
  label: 'OpenTelemetry GenAI',
  extensions: ['.json', '.jsonl'],
  provider: OPENAI_CHAT_FORMAT_ID,
  encoding: 'o200k_base',
  replayModel: 'openai/gpt-4o',
  detect: detectOtelGenAi,
  parse: (source, context) => parseOtelGenAi(source, context),
  serialize: serializeOtelGenAi,
  // Read at parse time, from every inference span of the trace.
  recordedUsage: {
    read: (conversation) => (isRecord(conversation.envelope) && Array.isArray(conversation.envelope.requests) ? (conversation.envelope.requests as RecordedRequest[]) : []),
    fromText: false,
  },
});
