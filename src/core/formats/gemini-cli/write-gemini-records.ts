import type { Message, ToolResultBlock } from '../../types';
import type { ConversationOf } from '../format-types';
import { geminiRecordToMessages } from './gemini-record-to-messages';
import { geminiUserContent } from './gemini-user-content';
import { ownGeminiRecord } from './own-gemini-record';
import { rebuildGeminiRecord } from './rebuild-gemini-record';

type Rec = Record<string, unknown>;

/** One message record of the output: written as it was (every version) unless what it holds changed. */
interface Slot {
  latest: Rec;
  /** Where each version sits in the output, to be filled when the slot is settled. */
  places: { list: Item[]; at: number; record: Rec }[];
  assistant?: Message;
  results: ToolResultBlock[];
  user?: Message;
  /** Whether every message made from it is kept unchanged (results included, when it had any). */
  unchanged: boolean;
  /** A record made here for a message that had none: nothing of a template to keep. */
  made: boolean;
  hadResults: boolean;
  resultsKept: boolean;
}

type Item = Rec | Slot | { checkpoint: Rec; items: Item[] };

export interface GeminiRecordsOut {
  /** The records of a session JSON's `messages`, or the lines of a session JSONL (the checkpoints among them). */
  items: Rec[];
  /** Results that answered no kept call, left out. */
  orphanResults: number;
  /** Messages written from their content (repaired, masked, made by a strategy). */
  rebuilt: number;
}

const FRESH = (): { made: number; open: Map<string, string[]> } => ({ made: 0, open: new Map() });

/**
 * The records of `messages` (kept messages of `conversation`, in order, plus any a strategy made), in the file's own
 * order. A message kept as it was read is written as its records (every JSONL version, the metadata lines that came
 * with it); a `gemini` record is written as it was only if its assistant message and its results are both kept
 * unchanged, else rebuilt on it (`rebuildGeminiRecord`): results that were masked or repaired go back into their
 * calls. Messages with no record become new records. JSONL checkpoints are written before the first kept message
 * after them, holding the kept records they listed.
 */
export function writeGeminiRecords(conversation: ConversationOf, messages: readonly Message[]): GeminiRecordsOut {
  const own = conversation.format === 'gemini-cli';
  const index = new Map<Message, number>();
  if (own) conversation.messages.forEach((message, i) => index.set(message, i));
  const top: Item[] = [];
  // JSONL: each top-level item's line, so the output keeps the file's order (a record appended again after others
  // is written where it was); items with no line of their own follow the one before them.
  const keys: number[] = [];
  // Where a record made here goes: right after the first line of the message before it, which is where that
  // message sits once the session is resolved (a record keeps the place of its first appearance).
  let anchor = 0;
  let anchorList: Item[] = top;
  const keyed = (line: number | undefined): void => {
    keys.push(line !== undefined && line > 0 ? line : anchor);
  };
  const containers = new Map<number, { checkpoint: Rec; items: Item[] }>();
  const checkpoints = own ? (conversation.boundaries ?? []).filter((b) => b.kind === 'checkpoint' && b.line !== undefined && b.record !== undefined) : [];
  const slots = new Map<Rec, Slot>();
  const written = new Set<unknown>();
  let open: Slot | undefined;
  let made = 0;
  let rebuilt = 0;
  let orphanResults = 0;
  let lastTimestamp: unknown = '1970-01-01T00:00:00.000Z';

  const listFor = (line: number | undefined): Item[] => {
    const boundary = checkpoints.find((b) => b.line === line);
    if (boundary === undefined || line === undefined) return top;
    let container = containers.get(line);
    if (container === undefined) {
      container = { checkpoint: boundary.record as Rec, items: [] };
      containers.set(line, container);
      top.push(container);
      keyed(line);
    }
    return container.items;
  };
  const slotOf = (latest: Rec, isMade = false): Slot => {
    let slot = slots.get(latest);
    if (slot === undefined) {
      slot = { latest, places: [], results: [], unchanged: true, made: isMade, hadResults: false, resultsKept: false };
      slots.set(latest, slot);
    }
    return slot;
  };
  const fresh = (type: string): Slot => slotOf({ id: `prunescope-${++made}`, timestamp: lastTimestamp, type }, true);
  const place = (list: Item[], slot: Slot, record: Rec, line?: number): void => {
    slot.places.push({ list, at: list.length, record });
    list.push(slot);
    if (list === top) keyed(line);
  };

  for (const message of messages) {
    const i = index.get(message);
    const records = (i === undefined ? [] : (conversation.sources[i] ?? [])) as Rec[];
    const lines = i === undefined ? undefined : conversation.sourceLines?.[i];
    const changed = i === undefined || conversation.annotations?.[i]?.repaired === true;
    // The checkpoint a message is listed after is written before it, even when none of its records is in it.
    const segment = i === undefined ? undefined : [...checkpoints].reverse().find((b) => b.messageIndex <= i);
    if (segment?.line !== undefined) listFor(segment.line);
    const ownAt = ownGeminiRecord(records, changed ? (message.role === 'assistant' ? 'gemini' : 'user') : undefined);
    const placed = lines?.filter((line) => line > 0) ?? [];
    if (placed.length > 0) {
      anchor = Math.min(...placed);
      // Inside a checkpoint's list when the message before it is listed there.
      anchorList = listFor(anchor);
    }
    const latest = ownAt === -1 ? undefined : records[ownAt];
    records.forEach((record, k) => {
      if (written.has(record)) return;
      written.add(record);
      // A message the repair merged from several records is written as one, on the last of them.
      if (changed && latest !== undefined && record.type === latest.type && !isVersionOf(record, latest, true) && isMessage(record)) return;
      const list = listFor(lines?.[k]);
      if (latest !== undefined && isVersionOf(record, latest, conversation.layout?.kind === 'jsonl')) place(list, slotOf(latest), record, lines?.[k]);
      else {
        list.push(record);
        if (list === top) keyed(lines?.[k]);
      }
      if (typeof record.timestamp === 'string') lastTimestamp = record.timestamp;
    });

    if (message.role === 'assistant') {
      const slot = latest !== undefined && latest.type === 'gemini' ? slotOf(latest) : undefined;
      const target = slot ?? fresh('gemini');
      if (slot === undefined) place(anchorList, target, target.latest);
      target.assistant = message;
      target.unchanged &&= !changed;
      target.hadResults = i !== undefined && isResultsOf(conversation, i + 1, latest);
      open = target;
      continue;
    }
    if (!changed && latest !== undefined && latest.type === 'gemini' && open !== undefined && open.latest === latest) {
      open.results.push(...(message.content as ToolResultBlock[]));
      open.resultsKept = true;
      continue;
    }
    const blocks = typeof message.content === 'string' ? [] : message.content;
    const answers = blocks.filter((b): b is ToolResultBlock => b.type === 'tool_result');
    if (answers.length > 0) {
      if (open === undefined) orphanResults += answers.length;
      else {
        open.results.push(...answers);
        open.unchanged = false;
      }
    }
    if (typeof message.content !== 'string' && answers.length === blocks.length) continue;
    open = undefined;
    const slot = latest !== undefined && latest.type === 'user' ? slotOf(latest) : undefined;
    const target = slot ?? fresh('user');
    if (slot === undefined) place(anchorList, target, target.latest);
    target.user = message;
    target.unchanged &&= !changed;
  }

  // Settle the slots: every version as it was, or one rebuilt record in place of the first version.
  const settled = new Map<Slot, Rec | undefined>();
  for (const slot of slots.values()) {
    if (slot.assistant !== undefined) {
      const same = slot.unchanged && slot.resultsKept === slot.hadResults;
      if (same) continue;
      rebuilt++;
      settled.set(slot, rebuildGeminiRecord(slot.made ? undefined : slot.latest, slot.assistant, slot.results, slot.latest));
    } else if (slot.user !== undefined) {
      if (slot.unchanged) continue;
      rebuilt++;
      settled.set(slot, { ...slot.latest, content: geminiUserContent(slot.user, slot.latest.content) });
    } else {
      // Kept only for its results, whose calls were not kept: nothing to write.
      settled.set(slot, undefined);
      orphanResults += slot.results.length;
    }
  }
  const flatten = (list: Item[], order: number[]): Rec[] =>
    order.flatMap((at): Rec[] => {
      const item = list[at] as Item;
      if ('checkpoint' in item && 'items' in item) {
        const { checkpoint, items } = item as { checkpoint: Rec; items: Item[] };
        const set = (checkpoint.$set ?? {}) as Rec;
        return [{ ...checkpoint, $set: { ...set, messages: flatten(items, items.map((_, k) => k)) } }];
      }
      if (!isSlot(item)) return [item as Rec];
      const slot = item;
      const mine = slot.places.find((p) => p.list === list && p.at === at);
      if (!settled.has(slot)) return mine === undefined ? [] : [mine.record];
      // A record id seen again replaces the earlier version in its place: the first version's place is the message's.
      const first = slot.places[0];
      const record = settled.get(slot);
      return first !== undefined && first.list === list && first.at === at && record !== undefined ? [record] : [];
    });
  // JSONL in line order, a stable sort: items of one line keep the order they were written in.
  const order = top.map((_, at) => at);
  if (conversation.layout?.kind === 'jsonl') order.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
  return { items: flatten(top, order), orphanResults, rebuilt };
}

function isSlot(item: Item): item is Slot {
  return 'places' in item && 'latest' in item && Array.isArray((item as Slot).places);
}

function isMessage(record: Rec): boolean {
  return !('$set' in record) && geminiRecordToMessages(record, '', FRESH()).message !== undefined;
}

function isVersionOf(record: Rec, latest: Rec, jsonl: boolean): boolean {
  if (record === latest) return true;
  return jsonl && typeof latest.id === 'string' && record.id === latest.id && !('$set' in record);
}

/** Whether message `j` is the results message made from `record`. */
function isResultsOf(conversation: ConversationOf, j: number, record: Rec | undefined): boolean {
  const next = conversation.messages[j];
  const sources = conversation.sources[j];
  return record !== undefined && next?.role === 'user' && sources?.includes(record) === true && Array.isArray(next.content) && next.content.every((b) => b.type === 'tool_result');
}
