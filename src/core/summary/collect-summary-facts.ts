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
  // Path → when it was last seen, so a file touched again moves to the end.
  const sets = { filesChanged: new Map<string, number>(), filesRead: new Map<string, number>() };
  let seen = 0;
  const sighted = (key: keyof typeof sets, path: string): void => {
    sets[key].set(path, seen++);
  };
  readSummaryTurns({ facts, maxTaskChars: limits.maxTaskChars, calls: createCallMemory<PendingCall>(''), sighted }, turns, 0, turns.length);
  const changed = sets.filesChanged;
  facts.lists.filesChanged = byLastSeen(changed, seen);
  // A file both read and changed is listed once, as changed.
  facts.lists.filesRead = byLastSeen(sets.filesRead, seen).filter((path) => !changed.has(path));
  return facts;
}

/** Items in the order they were last seen: each sits at its own sequence number, so no sort is needed. */
function byLastSeen(set: Map<string, number>, seen: number): string[] {
  if (set.size === 0) return [];
  if (set.size === 1) return [...set.keys()];
  const slots = new Array<string | undefined>(seen);
  for (const [item, at] of set) slots[at] = item;
  const items: string[] = [];
  for (const item of slots) if (item !== undefined) items.push(item);
  return items;
}
