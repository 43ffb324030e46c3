import { readRecordedTotal, readRecordedUsage, type Conversation } from '../core';

/** What an open conversation's file recorded its requests and its run cost (`readRecordedUsage`, `readRecordedTotal`). */
export interface RecordedReading {
  requests: ReturnType<typeof readRecordedUsage>;
  total: ReturnType<typeof readRecordedTotal>;
}

/** Where the reading is kept: the open conversation (`Doc`), read at most once however often it is counted. */
export interface RecordedHolder {
  conversation: Conversation;
  /** The file's text, for formats whose usage is on lines the parser skips (Codex rollouts). */
  sourceText?: string;
  recorded?: RecordedReading;
}

/**
 * The file's recorded usage, read once per open conversation: the load asks whether there is any (to hold its place
 * on the page) and every exact count compares with it. Records that cannot be read count as none.
 */
export function recordedOf(d: RecordedHolder): RecordedReading {
  if (d.recorded) return d.recorded;
  let requests: RecordedReading['requests'] = [];
  let total: RecordedReading['total'];
  try {
    requests = readRecordedUsage(d.conversation, d.sourceText);
  } catch {
    // As if none: the counts still stand without the comparison.
  }
  try {
    total = readRecordedTotal(d.conversation, d.sourceText);
  } catch {
    // As above.
  }
  d.recorded = { requests, total };
  return d.recorded;
}
