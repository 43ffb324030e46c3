import type { Message } from '../../types';
import type { ConversationOf } from '../format-types';
import { isRecord } from '../is-record';
import { jsonTextStyle } from '../json-text-style';
import { locateJson } from '../locate-json';
import { ownRecords } from '../own-records';
import { spliceJsonArray, type SplicedItem } from '../splice-json-array';
import { encodeAnyValue } from './encode-any-value';
import { lineSpan } from './line-span';
import { toOtelMessages } from './to-otel-messages';

interface EventPlace {
  record: unknown;
  arrayPath: (string | number)[];
  index: number;
  line?: number;
}

/**
 * A file of per-message GenAI events with the conversation's span holding the kept messages' event records (copied
 * as written) and new ones for messages with no record (`gen_ai.user.message`, `gen_ai.assistant.message`,
 * `gen_ai.tool.message` log records), where its first event was; the other spans' events as they were. `undefined`
 * when the span's events are not all in one array of one document (one line of a JSONL export): the caller then
 * writes a new trace.
 */
export function spliceOtelEvents(text: string, conversation: ConversationOf, messages: readonly Message[]): { text: string; dropped: number; rewritten: number; jsonl: boolean } | undefined {
  const envelope = conversation.envelope ?? {};
  const places = (Array.isArray(envelope.events) ? envelope.events : []) as EventPlace[];
  const first = places[0];
  if (first === undefined) return undefined;
  const key = JSON.stringify(first.arrayPath);
  if (places.some((p) => JSON.stringify(p.arrayPath) !== key || p.line !== first.line)) return undefined;
  const template = isRecord(first.record) ? first.record : {};
  const { records, dropped, rewritten } = ownRecords(conversation, messages, (rest) => {
    const converted = toOtelMessages(rest);
    return { messages: converted.messages.flatMap((m) => eventsOf(m, template)), dropped: converted.dropped };
  });
  const all = [...(conversation.systemSources ?? []), ...records];
  const { start, end } = lineSpan(text, first.line);
  const document = text.slice(start, end);
  const array = locateJson(document, first.arrayPath);
  if (array?.elements === undefined) return undefined;
  const mine = new Map(places.map((p) => [p.record, p.index] as const));
  const items: SplicedItem[] = [];
  array.elements.forEach((_, element) => {
    if (element === first.index) for (const record of all) items.push(mine.has(record) ? { element: mine.get(record) as number } : { value: record });
    if (![...mine.values()].includes(element)) items.push({ element });
  });
  const spliced = spliceJsonArray(document, array, items, jsonTextStyle(document), first.arrayPath.length);
  return { text: text.slice(0, start) + spliced + text.slice(end), dropped, rewritten, jsonl: first.line !== undefined };
}

/** A GenAI message as v1.28 event log records, with the trace, span and time of the record they sit among. */
function eventsOf(message: unknown, template: Record<string, unknown>): unknown[] {
  const m = isRecord(message) ? message : {};
  const parts = (Array.isArray(m.parts) ? m.parts : []).filter(isRecord);
  const record = (name: string, body: Record<string, unknown>) => ({
    timeUnixNano: template.timeUnixNano,
    eventName: name,
    attributes: [{ key: 'event.name', value: { stringValue: name } }],
    body: encodeAnyValue(body),
    traceId: template.traceId,
    spanId: template.spanId,
  });
  if (m.role === 'tool') return parts.map((p) => record('gen_ai.tool.message', { content: p.response, id: p.id }));
  const content = parts.filter((p) => p.type === 'text').map((p) => p.content).join('\n\n');
  if (m.role !== 'assistant') return [record('gen_ai.user.message', { content })];
  const calls = parts.filter((p) => p.type === 'tool_call').map((p) => ({ id: p.id, type: 'function', function: { name: p.name, arguments: JSON.stringify(p.arguments ?? {}) } }));
  return [record('gen_ai.assistant.message', calls.length > 0 ? { content, tool_calls: calls } : { content })];
}
