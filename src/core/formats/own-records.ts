import type { Message } from '../types';
import type { ConversationOf } from './format-types';

/**
 * The source records of kept messages, in the order given, with `convert` writing the messages that have none.
 * `seen` is told of each record written, so a converter can borrow context (a rollout timestamp) from its neighbour.
 */
export function ownRecords(
  conversation: ConversationOf,
  messages: readonly Message[],
  convert: (rest: Message[]) => { messages: unknown[]; dropped: number },
  seen?: (record: unknown) => void,
): { records: unknown[]; dropped: number; rewritten: number } {
  const index = new Map<Message, number>();
  conversation.messages.forEach((message, i) => index.set(message, i));
  const records: unknown[] = [];
  let dropped = 0;
  let rewritten = 0;
  for (const message of messages) {
    const i = index.get(message);
    const sources = i === undefined ? undefined : conversation.sources[i];
    // A repaired message no longer matches its records: they are kept for the raw view, its content is written.
    const repaired = i !== undefined && conversation.annotations?.[i]?.repaired === true;
    if (sources !== undefined && sources.length > 0 && !repaired) {
      for (const record of sources) {
        records.push(record);
        seen?.(record);
      }
    } else {
      const converted = convert([message]);
      records.push(...converted.messages);
      dropped += converted.dropped;
      if (repaired) rewritten++;
    }
  }
  return { records, dropped, rewritten };
}
