import type { CompactionBoundary, Conversation, MessageAnnotation } from '../formats/types';
import { planRepair } from './plan-repair';
import type { RepairedConversation, RepairOptions } from './types';

/**
 * `repairMessages` on a parsed conversation, with what the inspector shows beside each message carried through:
 * `sources` and `sourceLines` of merged messages are joined (a removed message's records go with it), annotations
 * are merged (`compactSummary` if any part was one, `meta` if all were, `synthesizedResults` joined) and marked
 * `repaired` where the content changed, and compaction boundaries point at the same message (or, if it was removed,
 * the next one; a boundary with nothing after it is dropped). The message after each boundary is kept apart, so a
 * compact summary stays its own message, and repairing the result again changes nothing.
 *
 * Export of the result writes repaired messages from their content, not from their source records.
 *
 * @throws {TypeError} / {RangeError} as `repairMessages` does, naming `repairConversation`
 */
export function repairConversation(conversation: Conversation, options: RepairOptions = {}): RepairedConversation {
  const { messages } = conversation;
  const boundaries = conversation.boundaries ?? [];
  const keepApart = [
    ...new Set([...(options.keepApart ?? []), ...boundaries.map((b) => b.messageIndex).filter((i) => i >= 0 && i < messages.length)]),
  ];
  const plan = planRepair(messages, { ...options, keepApart }, 'repairConversation');
  if (plan.changes.length === 0) return { conversation, changes: [] };

  const repaired: Conversation = {
    ...conversation,
    messages: plan.messages,
    sources: plan.members.map((members) => members.flatMap((i) => conversation.sources[i] ?? [])),
  };
  const { sourceLines } = conversation;
  if (sourceLines !== undefined) repaired.sourceLines = plan.members.map((members) => members.flatMap((i) => sourceLines[i] ?? []));

  let annotated = false;
  const annotations = plan.members.map((members, k): MessageAnnotation | undefined => {
    const notes = members.map((i) => conversation.annotations?.[i]);
    const note: MessageAnnotation = {};
    if (notes.some((n) => n?.compactSummary === true)) note.compactSummary = true;
    if (notes.length > 0 && notes.every((n) => n?.meta === true)) note.meta = true;
    const made = notes.flatMap((n) => n?.synthesizedResults ?? []);
    if (made.length > 0) note.synthesizedResults = made;
    if (notes.some((n) => n?.repaired === true) || plan.messages[k] !== messages[members[0] ?? -1]) note.repaired = true;
    if (Object.keys(note).length === 0) return undefined;
    annotated = true;
    return members.length === 1 && !note.repaired ? notes[0] : note;
  });
  if (annotated) repaired.annotations = annotations;
  else delete repaired.annotations;

  const moved = boundaries.flatMap((boundary): CompactionBoundary[] => {
    const k = plan.members.findIndex((members) => members.some((i) => i >= boundary.messageIndex));
    if (k === -1) return [];
    const at: CompactionBoundary = { ...boundary, messageIndex: k };
    if (boundary.blockIndex !== undefined) {
      const block = (messages[boundary.messageIndex]?.content as unknown[] | undefined)?.[boundary.blockIndex];
      const content = plan.messages[k]?.content;
      const index = Array.isArray(content) ? content.indexOf(block as never) : -1;
      if (index === -1) return [];
      at.blockIndex = index;
    }
    return [at];
  });
  if (moved.length > 0) repaired.boundaries = moved;
  else delete repaired.boundaries;
  return { conversation: repaired, changes: plan.changes };
}
