import type { Message } from '../../types';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { writeOpenHandsEvents } from './write-openhands-events';

/**
 * An OpenHands event stream in the file's own layout: a JSON array (`JSON.stringify(…, null, 2)` and a final
 * newline, as OpenHands writes trajectories), an evaluation's `{ history, … }`, or its JSONL line; a conversation of
 * another format becomes an event array. A stream exported with every message kept is the same bytes.
 */
export function serializeOpenHands(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  const { events, rebuilt } = writeOpenHandsEvents(conversation, messages);
  const notes: string[] = [];
  if (!own) notes.push(`Converted from ${from}: each call is an action and its result an observation, paired by tool_call_metadata.`);
  if (own && rebuilt > 0) notes.push(`${rebuilt} message${rebuilt === 1 ? ' is' : 's are'} written from changed content (masked or repaired).`);
  const note = notes.length === 0 ? undefined : notes.join(' ');
  const layout = own ? conversation.layout : undefined;
  let text: string;
  let jsonl = false;
  if (layout?.kind === 'object' || layout?.kind === 'jsonl') {
    const value = { ...conversation.envelope, history: events };
    jsonl = layout.kind === 'jsonl';
    text = jsonl ? `${JSON.stringify(value)}\n` : `${JSON.stringify(value, null, 2)}\n`;
  } else {
    text = `${JSON.stringify(events, null, 2)}\n`;
  }
  const result: SerializedText = jsonl
    ? { text, fileExtension: 'jsonl', mimeType: 'application/x-ndjson' }
    : { text, fileExtension: 'json', mimeType: 'application/json' };
  if (note !== undefined) result.note = note;
  return result;
}
