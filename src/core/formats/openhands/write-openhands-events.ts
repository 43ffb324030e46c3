import type { Message, ToolUseBlock } from '../../types';
import type { ConversationOf } from '../format-types';
import { isRecord } from '../is-record';
import { openHandsEventsFromMessage } from './openhands-events-from-message';

type Rec = Record<string, unknown>;

/**
 * The events of `messages` (kept messages of `conversation`, in order, plus any a strategy or the repair made), in
 * event order. A message kept as it was read is written as its events (each once, however many messages list it:
 * after a condensation the events it kept are messages again); a changed one is rebuilt on them
 * (`openHandsEventsFromMessage`). Events keep their ids, since condensations name the events they forgot by id, and
 * are written in id order, as OpenHands wrote them; an event with no original comes after the one before it.
 */
export function writeOpenHandsEvents(conversation: ConversationOf, messages: readonly Message[]): { events: Rec[]; rebuilt: number } {
  const own = conversation.format === 'openhands';
  const index = new Map<Message, number>();
  if (own) conversation.messages.forEach((message, i) => index.set(message, i));
  const all = own ? [...(conversation.systemSources ?? []), ...conversation.sources.flat()].filter(isRecord) : [];
  let top = -1;
  for (const event of all) if (typeof event.id === 'number' && event.id > top) top = event.id;
  const written = new Set<unknown>();
  const chunks: { key: number; events: Rec[] }[] = [];
  let rebuilt = 0;
  let timestamp: unknown = '';
  const add = (event: Rec, original: boolean): void => {
    if (typeof event.timestamp === 'string') timestamp = event.timestamp;
    const last = chunks[chunks.length - 1];
    if (original && typeof event.id === 'number') chunks.push({ key: event.id, events: [event] });
    else if (last !== undefined) last.events.push(event);
    else chunks.push({ key: -Infinity, events: [event] });
  };
  const addOnce = (event: unknown): void => {
    if (!isRecord(event) || written.has(event)) return;
    written.add(event);
    add(event, true);
  };

  for (const event of own ? (conversation.systemSources ?? []) : []) addOnce(event);
  if (!own && conversation.system !== undefined) {
    add({ id: ++top, timestamp: '', source: 'agent', message: conversation.system, action: 'system', args: { content: conversation.system, tools: [] } }, false);
  }
  // The calls written so far, so a result made elsewhere is written as the observation its call's tool gives.
  const calls = new Map<string, ToolUseBlock>();
  let last = -1;
  for (const message of messages) {
    if (message.role === 'assistant' && Array.isArray(message.content)) {
      for (const block of message.content) if (block.type === 'tool_use') calls.set(String(block.id), block as ToolUseBlock);
    }
    const found = index.get(message);
    const changed = found === undefined || conversation.annotations?.[found]?.repaired === true;
    // A message a strategy made in place of the next one it read (results masked, inputs cleared) is written on that
    // one's events: ids reused by another response, or listed again after a condensation, cannot mislead it.
    const i = found ?? (index.size > 0 && sameCalls(conversation.messages[last + 1], message) ? last + 1 : undefined);
    if (i !== undefined) last = i;
    const records = (i === undefined ? [] : (conversation.sources[i] ?? [])).filter(isRecord);
    if (!changed) {
      records.forEach(addOnce);
      continue;
    }
    rebuilt++;
    // Bookkeeping that came with the message is written as it was; its own events are rebuilt.
    const own = records.filter((r) => (typeof r.action === 'string' && (isRecord(r.tool_call_metadata) || r.action === 'message')) || isRecord(r.tool_call_metadata));
    for (const record of records) if (!own.includes(record)) addOnce(record);
    const summary = i !== undefined && conversation.annotations?.[i]?.compactSummary === true ? records.find((r) => r.action === 'condensation') : undefined;
    if (summary !== undefined && typeof message.content === 'string') {
      const args = isRecord(summary.args) ? summary.args : {};
      written.add(summary);
      add({ ...summary, args: { ...args, summary: message.content } }, true);
      continue;
    }
    const events = openHandsEventsFromMessage(message, {
      records: own,
      findObservation: (callId) =>
        all.find((e) => !written.has(e) && typeof e.observation === 'string' && isRecord(e.tool_call_metadata) && e.tool_call_metadata.tool_call_id === callId),
      findCall: (callId) => calls.get(callId),
      nextId: () => ++top,
      timestamp,
    });
    for (const event of events) {
      const original = all.find((e) => e.id === event.id && typeof e.id === 'number');
      // An event a condensation kept is listed before it and after it: written once, as the latest message says it.
      const earlier = original !== undefined && written.has(original) ? chunks.find((chunk) => chunk.key === original.id) : undefined;
      if (earlier !== undefined) {
        earlier.events[0] = event;
        continue;
      }
      if (original !== undefined) written.add(original);
      add(event, original !== undefined);
    }
  }
  // Stable: events with no original stay after the one they followed.
  chunks.sort((a, b) => a.key - b.key);
  return { events: chunks.flatMap((chunk) => chunk.events), rebuilt };
}

/** Whether `made` says the same calls, or answers the same calls, as `read`, in the same order. */
function sameCalls(read: Message | undefined, made: Message): boolean {
  if (read === undefined || read.role !== made.role) return false;
  const ids = (m: Message): string[] => (typeof m.content === 'string' ? [] : m.content.flatMap((b) => (b.type === 'tool_use' ? [String(b.id)] : b.type === 'tool_result' ? [String(b.tool_use_id)] : [])));
  const a = ids(read);
  return a.length > 0 && a.join('\u0000') === ids(made).join('\u0000');
}
