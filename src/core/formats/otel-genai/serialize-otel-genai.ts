import type { Message } from '../../types';
import { exportNote } from '../export-note';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { isRecord } from '../is-record';
import { jsonExport } from '../json-export';
import { lineSpan } from './line-span';
import { ownRecords } from '../own-records';
import { otelTraceDocument } from './otel-trace-document';
import type { OtelEnvelope } from './parse-otel-genai';
import { spliceOtelEvents } from './splice-otel-events';
import { spliceSpanMessages } from './splice-span-messages';
import { toOtelMessages } from './to-otel-messages';

/**
 * An OTLP/JSON export. From its own file: the file as it was, with only the conversation's span changed (its
 * `gen_ai.input.messages` and `gen_ai.output.messages` holding the kept messages, `spliceSpanMessages`), or, for the
 * per-message events, only that span's event records (`spliceOtelEvents`); every other span, and so every request's
 * recorded usage, stays. From another format (or a file that cannot be spliced): a new trace of one chat span
 * (`otelTraceDocument`).
 */
export function serializeOtelGenAi(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  const text = conversation.sourceText;
  const envelope = conversation.envelope;
  if (own && text !== undefined && isRecord(envelope)) {
    const written = Array.isArray(envelope.events) ? spliceOtelEvents(text, conversation, messages) : spliceSpan(text, conversation, messages, envelope as unknown as OtelEnvelope);
    if (written !== undefined) {
      const result: SerializedText = { text: written.text, fileExtension: written.jsonl ? 'jsonl' : 'json', mimeType: written.jsonl ? 'application/x-ndjson' : 'application/json' };
      const note = exportNote(undefined, { rewritten: written.rewritten, dropped: written.dropped });
      if (note !== undefined) result.note = note;
      return result;
    }
  }
  const { document, dropped } = otelTraceDocument(messages, conversation.system);
  return jsonExport(document, exportNote(own ? 'Written as a new trace of one chat span: the file could not be spliced.' : `Converted from ${from}.`, { dropped }));
}

function spliceSpan(text: string, conversation: ConversationOf, messages: readonly Message[], envelope: OtelEnvelope) {
  const { records, dropped, rewritten } = ownRecords(conversation, messages, (rest) => toOtelMessages(rest));
  const all = [...(conversation.systemSources ?? []), ...records];
  const outputs = new Set(envelope.output);
  const edits = [{ attribute: envelope.inputAttribute, encoding: envelope.inputEncoding, original: envelope.input, records: all.filter((r) => !outputs.has(r)) }];
  if (envelope.outputAttribute !== undefined && envelope.outputEncoding !== undefined) {
    edits.push({ attribute: envelope.outputAttribute, encoding: envelope.outputEncoding, original: envelope.output, records: all.filter((r) => outputs.has(r)) });
  }
  const { start, end } = lineSpan(text, envelope.line);
  const spliced = spliceSpanMessages(text.slice(start, end), envelope.path, edits);
  return spliced === undefined ? undefined : { text: text.slice(0, start) + spliced + text.slice(end), dropped, rewritten, jsonl: envelope.line !== undefined };
}
