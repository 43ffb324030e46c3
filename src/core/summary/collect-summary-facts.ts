import type { MessageLike } from '../types';
import type { SummaryFacts } from './types';
import { emptySummaryFacts } from './empty-summary-facts';
import { readSummaryTurns, type PendingCall } from './read-summary-turns';
import { createCallMemory } from './create-call-memory';
import { grown } from '../arrays/grown';

/**
 * One pass over the turns to summarize, in order, keeping what real summaries lose most often: the task and the
 * user's later requests, files changed and read, commands with their exit codes, errors (the telling line of
 * failed results, stack traces in command output), and the todo list's last state. An earlier summary among the
 * turns is read back (`parseContextSummary`) and merged: its items come first; a path seen again moves to the end
 * (most recent last). Only results of shell calls and failed results are read, so a long file read costs nothing.
 * Items are kept as found (the task excepted): `renderSummary` shortens, deduplicates and, for errors, writes
 * only the entries that fit its budget; at 100k messages most entries are never shown. (`createSummaryFold` reads
 * the same facts one turn at a time.)
 */
export function collectSummaryFacts(
  turns: readonly MessageLike[],
  // `maxRequestChars` is the render's bound (requests are kept whole here); taken so a summarizer's limits pass as they are.
  limits: { maxTaskChars: number; maxRequestChars?: number },
  // `turns[from..to)` alone, for a caller that would otherwise copy them (`SUMMARIZE_RANGE`).
  from = 0,
  to = turns.length,
): SummaryFacts {
  const facts = emptySummaryFacts();
  // Every sighting in order, deduplicated once the pass is done: hashing each path as it was met, between reads of
  // the turns, missed the cache at every lookup and was the pass's largest single cost (10k paths at 100k messages).
  // Each path's hash is taken here all the same, while its characters are in the cache: a Set at the end read every
  // path's header again, and again at each of its rehashes (6 of a plan's 40 ms); hashes in an array are read in order.
  // A changed sighting's hash is stored complemented (below zero): two growing lists, not three. The hashes in a typed
  // array doubled as it fills: a list of numbers took 8 bytes each on the heap, and 3 per entry as it grew.
  const paths: string[] = [];
  let hashes = new Int32Array(256);
  const sighted = (key: 'filesChanged' | 'filesRead', path: string): void => {
    const k = paths.length;
    if (k === hashes.length) hashes = grown(hashes, new Int32Array(k * 2));
    paths.push(path);
    hashes[k] = key === 'filesChanged' ? ~pathHash(path) : pathHash(path);
  };
  readSummaryTurns({ facts, maxTaskChars: limits.maxTaskChars, calls: createCallMemory<PendingCall>(''), sighted }, turns, from, to);
  if (paths.length > 0) {
    // Open addressing, at most half full: the table holds each distinct path's newest sighting (its index + 1).
    let size = 16;
    while (size < paths.length * 2) size *= 2;
    const table = new Int32Array(size);
    facts.lists.filesChanged = byLastSeen(paths, hashes, true, table);
    // A file both read and changed is listed once, as changed: its changed sighting, in the table, stops the read ones.
    facts.lists.filesRead = byLastSeen(paths, hashes, false, table);
  }
  return facts;
}

/**
 * The distinct paths of one kind in the order they were last seen, oldest first: walked from the newest sighting,
 * a path's first meeting is its last sighting. Each new path's sighting goes into `table`; a path found there already
 * (of either kind) is left out. Strings are compared only when their hashes are equal.
 */
function byLastSeen(paths: readonly string[], hashes: Int32Array, changed: boolean, table: Int32Array): string[] {
  const items: string[] = [];
  const mask = table.length - 1;
  for (let k = paths.length - 1; k >= 0; k--) {
    const stored = hashes[k] as number;
    if ((stored < 0) !== changed) continue;
    const path = paths[k] as string;
    const hash = stored < 0 ? ~stored : stored;
    let slot = hash & mask;
    for (;;) {
      const entry = table[slot] as number;
      if (entry === 0) {
        table[slot] = k + 1;
        items.push(path);
        break;
      }
      const other = hashes[entry - 1] as number;
      if ((other < 0 ? ~other : other) === hash && paths[entry - 1] === path) break;
      slot = (slot + 1) & mask;
    }
  }
  return items.reverse();
}

/** FNV-1a over the path's characters, kept a small integer (30 bits) so that an array of them stays one of numbers. */
function pathHash(path: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 0x01000193);
  return (h ^ (h >>> 15)) & 0x3fffffff;
}
