import type { MessageLike } from '../types';
import type { SummaryFactsView, SummaryItem, SummaryListView } from './types';
import { emptySummaryFacts } from './empty-summary-facts';
import { readSummaryTurns, type PendingCall, type SummaryReading } from './read-summary-turns';
import { createCallMemory } from './create-call-memory';

/** `collectSummaryFacts` one turn at a time, so that a replay summarizing a growing span resumes where it stopped. */
export interface SummaryFold {
  /** Reads the next turn. */
  add(turn: MessageLike): void;
  /**
   * The facts of the turns read so far, for `renderSummary`: the files as views read newest first (a render reads
   * only the few it shows). The same object each time, sharing the fold's state: read it before the next `add`.
   */
  view(): SummaryFactsView;
  /** Turns read (an earlier summary counts one). */
  readonly read: number;
}

/** A path, and its place in the list of each kind it is listed in (newest first). */
interface FileState {
  path: string;
  changed: boolean;
  /** Whether it is in the list of files read: read, and never changed. */
  read: boolean;
  newer: [FileState | undefined, FileState | undefined];
  older: [FileState | undefined, FileState | undefined];
}

const CHANGED = 0;
const READ = 1;

/**
 * Files of one kind newest first, as a list a sighting moves its path to the front of: files read are listed unless
 * changed (a file both read and changed is listed once, as changed, and leaves the list of files read), so a walk
 * back visits only what it lists, however often each path was seen.
 */
class FileListView implements SummaryListView {
  length = 0;
  version = 0;
  newest: FileState | undefined = undefined;
  /** The version a path last left the list at (to move to its front, or to the other list). */
  private removedAt = 0;
  constructor(private readonly kind: typeof CHANGED | typeof READ) {}

  grownSince(version: number): boolean {
    return version >= this.removedAt;
  }

  eachNewest(visit: (item: SummaryItem) => boolean): void {
    for (let file = this.newest; file !== undefined; file = file.older[this.kind]) if (!visit(file.path)) return;
  }

  remove(file: FileState): void {
    const { kind } = this;
    const newer = file.newer[kind];
    const older = file.older[kind];
    if (newer === undefined) this.newest = older;
    else newer.older[kind] = older;
    if (older !== undefined) older.newer[kind] = newer;
    file.newer[kind] = undefined;
    file.older[kind] = undefined;
    this.length--;
    this.version++;
    this.removedAt = this.version;
  }

  push(file: FileState): void {
    const { kind } = this;
    file.older[kind] = this.newest;
    if (this.newest !== undefined) this.newest.newer[kind] = file;
    this.newest = file;
    this.length++;
    this.version++;
  }
}

/**
 * The fold `collectSummaryFacts` runs over the turns to summarize (see there for what it keeps). Files are kept in a
 * list per kind that a sighting moves its path to the front of, so the newest are found by walking a list, and a
 * view costs O(1) however many files there are: a replay renders a summary per request over a span that grows by a
 * message. A sighting costs one map look-up and a few links. (A log of every sighting, walked back past the stale
 * ones, cost OpenHands' stateless replay a walk past every sighting of the files it shows, per request.)
 */
export function createSummaryFold(limits: { maxTaskChars: number }): SummaryFold {
  const facts = emptySummaryFacts();
  const files = new Map<string, FileState>();
  const filesChanged = new FileListView(CHANGED);
  const filesRead = new FileListView(READ);
  let read = 0;
  const one: MessageLike[] = [];
  const sighted = (key: 'filesChanged' | 'filesRead', path: string): void => {
    let file = files.get(path);
    if (file === undefined) {
      file = { path, changed: false, read: false, newer: [undefined, undefined], older: [undefined, undefined] };
      files.set(path, file);
    }
    // A path seen again while it is the newest of its list changes nothing: the version stays, so a render reuses
    // the section's lines as they were.
    if (key === 'filesChanged') {
      if (filesChanged.newest === file) return;
      if (file.changed) filesChanged.remove(file);
      file.changed = true;
      filesChanged.push(file);
      if (file.read) {
        file.read = false;
        filesRead.remove(file);
      }
    } else if (!file.changed && filesRead.newest !== file) {
      if (file.read) filesRead.remove(file);
      file.read = true;
      filesRead.push(file);
    }
  };
  const reading: SummaryReading = { facts, maxTaskChars: limits.maxTaskChars, calls: createCallMemory<PendingCall>(''), sighted };
  const { lists } = facts;
  const view: SummaryFactsView = {
    turns: 0,
    task: undefined,
    lists: { requests: lists.requests, filesChanged, filesRead, commands: lists.commands, errors: lists.errors, todo: lists.todo, notes: lists.notes },
    omitted: facts.omitted,
  };
  return {
    add(turn) {
      read++;
      one[0] = turn;
      readSummaryTurns(reading, one, 0, 1);
    },
    view() {
      // The fields a turn replaces rather than grows.
      view.turns = facts.turns;
      view.task = facts.task;
      view.lists.todo = lists.todo;
      return view;
    },
    get read() {
      return read;
    },
  };
}
