import type { MessageLike } from '../types';
import type { SummaryFacts } from './types';
import { emptySummaryFacts } from './empty-summary-facts';
import { readSummaryTurns, type PendingCall } from './read-summary-turns';
import { createCallMemory } from './create-call-memory';

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
): SummaryFacts {
  const facts = emptySummaryFacts();
  // Every sighting in order, deduplicated once the pass is done: hashing each path as it was met, between reads of
  // the turns, missed the cache at every lookup and was the pass's largest single cost (10k paths at 100k messages).
  const paths: string[] = [];
  const changedAt: boolean[] = [];
  const sighted = (key: 'filesChanged' | 'filesRead', path: string): void => {
    paths.push(path);
    changedAt.push(key === 'filesChanged');
  };
  readSummaryTurns({ facts, maxTaskChars: limits.maxTaskChars, calls: createCallMemory<PendingCall>(''), sighted }, turns, 0, turns.length);
  if (paths.length > 0) {
    const changed = new Set<string>();
    facts.lists.filesChanged = byLastSeen(paths, changedAt, true, changed, undefined);
    // A file both read and changed is listed once, as changed.
    facts.lists.filesRead = byLastSeen(paths, changedAt, false, new Set(), changed);
  }
  return facts;
}

/**
 * The distinct paths of one kind in the order they were last seen, oldest first: walked from the newest sighting,
 * a path's first meeting is its last sighting. `seen` collects them; paths in `skip` are left out.
 */
function byLastSeen(paths: readonly string[], changedAt: readonly boolean[], changed: boolean, seen: Set<string>, skip: Set<string> | undefined): string[] {
  const items: string[] = [];
  for (let k = paths.length - 1; k >= 0; k--) {
    if (changedAt[k] !== changed) continue;
    const path = paths[k] as string;
    const size = seen.size;
    // One hash per sighting: the set grows only when the path is new.
    seen.add(path);
    if (seen.size !== size && (skip === undefined || !skip.has(path))) items.push(path);
  }
  return items.reverse();
}
