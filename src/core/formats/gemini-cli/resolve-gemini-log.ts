import type { JsonLine, ParseWarning } from '../format-types';
import { isRecord } from '../is-record';

/** A record of the session, where it was found. */
export interface GeminiEntry {
  record: Record<string, unknown>;
  /** 1-based line, for JSONL. */
  line?: number;
  /** For messages: `messages[12]`, `line 7`, `line 9 $set.messages[3]`. */
  path: string;
}

/** One message record as the session resolves it, with every record that goes with it in file order. */
export interface GeminiSlot {
  /** The latest version of the message record. */
  latest: GeminiEntry;
  /** Its versions (JSONL re-appends a message whole when it changes) and the metadata lines that followed them. */
  records: GeminiEntry[];
}

/** The messages from the start, or from a `$set.messages` checkpoint, which replaced the whole list. */
export interface GeminiSegment {
  checkpoint?: GeminiEntry;
  slots: GeminiSlot[];
}

export interface GeminiLog {
  /** JSONL: the first line, `{ sessionId, projectHash, startTime, lastUpdated, kind? }`. */
  meta?: GeminiEntry;
  segments: GeminiSegment[];
}

/**
 * The messages of a Gemini CLI session in the order gemini-cli's `loadConversationRecord` resolves them: from the
 * `messages` of a session JSON, each record its own message; or from session JSONL (v0.39+), where a record whose
 * `id` was seen replaces the earlier version in its place, `{ "$rewindTo": id }` deletes that message and every
 * later one (an id it does not know clears them all), `{ "$set": { messages } }` replaces the whole list (a
 * checkpoint: `/compress`, tool-output masking), and other `$set` lines update metadata. Checkpoints start a new
 * segment, so what came before them stays readable. Metadata lines go with the message before them (or the next
 * one), so export can write them back where they were. Undone records are counted in `skipped` as `rewound`.
 */
export function resolveGeminiLog(source: { messages: unknown[] } | { lines: JsonLine[] }, warnings: ParseWarning[], skipped: Map<string, number>): GeminiLog {
  const log: GeminiLog = { segments: [{ slots: [] }] };
  let current = log.segments[0] as GeminiSegment;
  let byId = new Map<string, GeminiSlot>();
  let pending: GeminiEntry[] = [];
  // The message the latest line wrote or replaced: metadata lines go with it, wherever it sits in the list.
  let recent: GeminiSlot | undefined;
  const count = (type: string, n = 1): void => {
    skipped.set(type, (skipped.get(type) ?? 0) + n);
  };
  const add = (entry: GeminiEntry, merge: boolean): void => {
    const id = entry.record.id;
    const seen = merge && typeof id === 'string' ? byId.get(id) : undefined;
    if (seen !== undefined) {
      seen.latest = entry;
      seen.records.push(entry);
      recent = seen;
      return;
    }
    const slot: GeminiSlot = { latest: entry, records: [...pending, entry] };
    pending = [];
    current.slots.push(slot);
    recent = slot;
    if (merge && typeof id === 'string') byId.set(id, slot);
  };
  const attach = (entry: GeminiEntry): void => {
    const last = recent !== undefined && current.slots.includes(recent) ? recent : current.slots[current.slots.length - 1];
    if (last === undefined) pending.push(entry);
    else last.records.push(entry);
  };

  if ('messages' in source) {
    source.messages.forEach((record, k) => {
      if (isRecord(record)) add({ record, path: `messages[${k}]` }, false);
      else warnings.push({ message: `messages[${k}] skipped: not a JSON object.` });
    });
    return finish(log, pending);
  }

  const unknown = new Map<string, { count: number; first: number }>();
  source.lines.forEach(({ line, value }, k) => {
    if (!isRecord(value)) {
      warnings.push({ line, message: `Line ${line} skipped: not a JSON object.` });
      return;
    }
    if (k === 0 && typeof value.sessionId === 'string' && !('type' in value) && !('$set' in value)) {
      log.meta = { record: value, line, path: `line ${line}` };
      return;
    }
    if ('$rewindTo' in value) {
      count('$rewindTo');
      const at = current.slots.findIndex((slot) => slot.latest.record.id === value.$rewindTo);
      const removed = current.slots.splice(at === -1 ? 0 : at);
      const undone: GeminiEntry[] = [];
      for (const slot of removed) {
        count('rewound', slot.records.filter((entry) => !('$set' in entry.record)).length);
        if (typeof slot.latest.record.id === 'string') byId.delete(slot.latest.record.id);
        undone.push(...slot.records);
      }
      // What was undone stays with the message before it, the rewind line after it, so export can write it back.
      undone.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
      for (const entry of [...undone, { record: value, line, path: `line ${line}` }]) attach(entry);
      return;
    }
    if ('$set' in value) {
      const set = value.$set;
      if (isRecord(set) && Array.isArray(set.messages)) {
        current = { checkpoint: { record: value, line, path: `line ${line}` }, slots: [] };
        log.segments.push(current);
        byId = new Map();
        set.messages.forEach((record, m) => {
          const path = `line ${line} $set.messages[${m}]`;
          if (isRecord(record)) add({ record, line, path }, true);
          else warnings.push({ line, message: `${path} skipped: not a JSON object.` });
        });
      } else {
        count('$set');
        attach({ record: value, line, path: `line ${line}` });
      }
      return;
    }
    if (typeof value.id === 'string' && typeof value.type === 'string') {
      add({ record: value, line, path: `line ${line}` }, true);
      return;
    }
    const name = Object.keys(value).slice(0, 3).join(', ') || '(empty)';
    const seen = unknown.get(name);
    if (seen === undefined) unknown.set(name, { count: 1, first: line });
    else seen.count++;
  });
  for (const [name, { count: n, first }] of unknown) {
    warnings.push({ line: first, message: `Skipped ${n === 1 ? '1 line' : `${n} lines`} that are neither a message (with \`id\` and \`type\`) nor \`$set\` / \`$rewindTo\` (keys ${name}; first at line ${first}).` });
  }
  return finish(log, pending);
}

/** Metadata lines after the last message go with it. */
function finish(log: GeminiLog, pending: GeminiEntry[]): GeminiLog {
  if (pending.length === 0) return log;
  for (let s = log.segments.length - 1; s >= 0; s--) {
    const slots = (log.segments[s] as GeminiSegment).slots;
    const last = slots[slots.length - 1];
    if (last !== undefined) {
      last.records.push(...pending);
      return log;
    }
  }
  return log;
}
