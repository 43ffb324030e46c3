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

/** A path and where its last sighting of each kind sits in that kind's log (-1: never seen so). */
interface FileState {
  path: string;
  changedAt: number;
  readAt: number;
}

/**
 * Files of one kind newest first, from the log of every sighting: a sighting is the path's last when the path's
 * state points back at it. Files read are listed unless changed (a file both read and changed is listed once, as
 * changed), so their list changes with either log.
 */
class FileListView implements SummaryListView {
  length = 0;
  constructor(
    private readonly log: FileState[],
    private readonly changed: boolean,
    private readonly other: FileState[],
  ) {}

  get version(): number {
    return this.changed ? this.log.length : this.log.length + this.other.length;
  }

  eachNewest(visit: (item: SummaryItem) => boolean): void {
    const { log, changed } = this;
    for (let k = log.length - 1; k >= 0; k--) {
      const file = log[k] as FileState;
      if (changed ? file.changedAt !== k : file.readAt !== k || file.changedAt >= 0) continue;
      if (!visit(file.path)) return;
    }
  }
}

/**
 * The fold `collectSummaryFacts` runs over the turns to summarize (see there for what it keeps). Files are kept as a
 * log of sightings per kind, each path's state pointing at its last one, so the newest are found by walking a log
 * back, and a view costs O(1) however many files there are: a replay renders a summary per request over a span that
 * grows by a message. A sighting costs one map look-up and one push.
 */
export function createSummaryFold(limits: { maxTaskChars: number }): SummaryFold {
  const facts = emptySummaryFacts();
  const files = new Map<string, FileState>();
  const changedLog: FileState[] = [];
  const readLog: FileState[] = [];
  const filesChanged = new FileListView(changedLog, true, readLog);
  const filesRead = new FileListView(readLog, false, changedLog);
  let read = 0;
  const one: MessageLike[] = [];
  const sighted = (key: 'filesChanged' | 'filesRead', path: string): void => {
    let file = files.get(path);
    if (file === undefined) {
      file = { path, changedAt: -1, readAt: -1 };
      files.set(path, file);
    }
    if (key === 'filesChanged') {
      if (file.changedAt < 0) {
        filesChanged.length++;
        if (file.readAt >= 0) filesRead.length--;
      }
      file.changedAt = changedLog.length;
      changedLog.push(file);
    } else {
      if (file.readAt < 0 && file.changedAt < 0) filesRead.length++;
      file.readAt = readLog.length;
      readLog.push(file);
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
