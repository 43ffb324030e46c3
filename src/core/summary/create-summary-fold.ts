import type { Message } from '../types';
import type { MessageLike } from '../types';
import { isContextSummary } from './is-context-summary';
import type { SummaryFacts, SummaryFactsView, SummaryListView } from './types';
import { emptySummaryFacts } from './empty-summary-facts';
import { parseContextSummary } from './parse-context-summary';
import { userPromptText } from '../text/user-prompt-text';
import { shortenText } from './shorten-text';
import { filePathsOfCall } from './file-paths-of-call';
import { commandText } from './command-text';
import { todoItemsOfCall } from './todo-items-of-call';
import { toolResultText } from '../text/tool-result-text';
import { toolResultOutcome } from '../text/tool-result-outcome';
import { errorLineOf } from './error-line-of';

/** A shell call awaiting its result; any other call is remembered by its tool name alone. */
interface ShellCall {
  name: string;
  command: string;
  patch: boolean;
}
type CallInfo = ShellCall | string;

const LABEL_CHARS = 60;

/** `collectSummaryFacts` one turn at a time, so that a replay summarizing a growing span resumes where it stopped. */
export interface SummaryFold {
  /** Reads the next turn. */
  add(turn: MessageLike): void;
  /**
   * The facts of the turns read so far, for `renderSummary`: the files as views read newest first (a render reads
   * only the few it shows). They share the fold's state: read them before the next `add`.
   */
  view(): SummaryFactsView;
  /** Turns read (an earlier summary counts one). */
  readonly read: number;
}

/**
 * The fold `collectSummaryFacts` runs over the turns to summarize (see there for what it keeps). Files are kept as a
 * log of sightings and each path's last one, so the newest are found by walking the log back, and a view costs
 * O(1) however many files there are: a replay renders a summary per request over a span that grows by a message.
 */
export function createSummaryFold(limits: { maxRequestChars: number; maxTaskChars: number }): SummaryFold {
  const facts = emptySummaryFacts();
  // Path → when it was last seen, so a file touched again moves to the end; the log holds every sighting in order.
  const last = { filesChanged: new Map<string, number>(), filesRead: new Map<string, number>() };
  const log = { filesChanged: [] as string[], filesRead: [] as string[] };
  const at = { filesChanged: [] as number[], filesRead: [] as number[] };
  type SetKey = keyof typeof last;
  let seen = 0;
  // Paths read and never changed: the files-read section's length (a file both read and changed is listed as changed).
  let readOnly = 0;
  let read = 0;
  const add = (key: SetKey, item: string): void => {
    if (key === 'filesRead' && !last.filesRead.has(item) && !last.filesChanged.has(item)) readOnly++;
    if (key === 'filesChanged' && last.filesRead.has(item) && !last.filesChanged.has(item)) readOnly--;
    last[key].set(item, seen);
    log[key].push(item);
    at[key].push(seen++);
  };
  const request = (text: string): void => {
    if (facts.task === undefined) facts.task = shortenText(text, limits.maxTaskChars);
    else facts.lists.requests.push(text);
  };
  const calls = createCallMemory();
  const newestFirst = (key: SetKey, length: () => number): SummaryListView => ({
    get length() {
      return length();
    },
    // Files read are listed unless changed, so their list changes with either log.
    get version() {
      return key === 'filesRead' ? log.filesRead.length + log.filesChanged.length : log.filesChanged.length;
    },
    eachNewest(visit) {
      const paths = log[key];
      const when = at[key];
      const latest = last[key];
      for (let k = paths.length - 1; k >= 0; k--) {
        const path = paths[k] as string;
        if (latest.get(path) !== when[k]) continue;
        if (key === 'filesRead' && last.filesChanged.has(path)) continue;
        if (!visit(path)) return;
      }
    },
  });
  const files = {
    filesChanged: newestFirst('filesChanged', () => last.filesChanged.size),
    filesRead: newestFirst('filesRead', () => readOnly),
  };

  const addTurn = (turn: MessageLike): void => {
    read++;
    const { role, content } = turn;
    if (role === 'user' && isContextSummary(content)) {
      const earlier = parseContextSummary(summaryText(content));
      facts.turns += earlier.turns;
      if (earlier.task !== undefined) {
        if (facts.task === undefined) facts.task = earlier.task;
        else facts.lists.requests.push(earlier.task);
      }
      for (const key of ['requests', 'notes', 'commands', 'errors'] as const) facts.lists[key].push(...earlier.lists[key]);
      if (earlier.lists.todo.length > 0) facts.lists.todo = earlier.lists.todo;
      for (const key of Object.keys(last) as SetKey[]) for (const item of earlier.lists[key]) add(key, item as string);
      for (const key of Object.keys(facts.omitted) as (keyof SummaryFacts['omitted'])[]) facts.omitted[key] += earlier.omitted[key];
      return;
    }
    facts.turns++;
    if (role === 'user') {
      const text = userPromptText(turn as Message);
      if (text !== undefined) request(text);
    }
    if (!Array.isArray(content)) return;
    for (const raw of content) {
      if (raw === null || typeof raw !== 'object') continue;
      const block = raw as Record<string, unknown>;
      const { type } = block;
      if (type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use') {
        const name = typeof block.name === 'string' ? block.name : 'tool';
        const command = commandText(name, block.input);
        const paths = filePathsOfCall(name, block.input, command);
        for (const path of paths.changed) add('filesChanged', path);
        for (const path of paths.read) add('filesRead', path);
        const todo = todoItemsOfCall(name, block.input);
        if (todo !== undefined) facts.lists.todo = todo;
        if (typeof block.id === 'string') {
          calls.remember(block.id, command === undefined ? name : { name, command, patch: command.includes('*** Begin Patch') });
        }
      } else if (type === 'tool_result' && typeof block.tool_use_id === 'string') {
        const found = calls.take(block.tool_use_id);
        const call = typeof found === 'object' ? found : undefined;
        const isError = block.is_error === true;
        if (call === undefined && !isError) continue;
        const text = toolResultText(block.content);
        const { failed, exitCode } = toolResultOutcome(block, text);
        if (call !== undefined && !call.patch) {
          const outcome = exitCode !== undefined ? ` → exit ${exitCode}` : failed ? ' → failed' : '';
          facts.lists.commands.push(`\`${call.command}\`${outcome}`);
        }
        if (failed) {
          facts.lists.errors.push(() => `${labelOf(found)}: ${errorLineOf(text) ?? 'failed with no output'}`);
        } else {
          const traced = errorLineOf(text, true);
          if (traced !== undefined) facts.lists.errors.push(`${labelOf(found)}: ${traced}`);
        }
      }
    }
  };

  return {
    add: addTurn,
    view: () => ({ ...facts, lists: { ...facts.lists, ...files } }),
    get read() {
      return read;
    },
  };
}

const RECENT_CALLS = 64;

/**
 * Calls awaiting their results, by id, as a map would keep them (a call reusing an id replaces the earlier one; a
 * result takes its call away). The pending few sit in a short list searched from the newest, since a result nearly
 * always answers one of the last calls; older ones spill to a map. At 100k messages the map alone hashed 50k ids
 * three times each.
 */
function createCallMemory(): { remember(id: string, call: CallInfo): void; take(id: string): CallInfo | undefined } {
  // A fixed-size list with its own count: an array grown and shrunk on every call and result was reallocated.
  const ids = new Array<string>(RECENT_CALLS).fill('');
  const infos = new Array<CallInfo>(RECENT_CALLS).fill('');
  let size = 0;
  const spilled = new Map<string, CallInfo>();
  const removeAt = (k: number): void => {
    for (let j = k + 1; j < size; j++) {
      ids[j - 1] = ids[j] as string;
      infos[j - 1] = infos[j] as CallInfo;
    }
    size--;
  };
  return {
    remember(id, call) {
      for (let k = size - 1; k >= 0; k--) {
        if (ids[k] === id) {
          removeAt(k);
          break;
        }
      }
      if (spilled.size > 0) spilled.delete(id);
      if (size === RECENT_CALLS) {
        for (let k = 0; k < RECENT_CALLS; k++) spilled.set(ids[k] as string, infos[k] as CallInfo);
        size = 0;
      }
      ids[size] = id;
      infos[size++] = call;
    },
    take(id) {
      for (let k = size - 1; k >= 0; k--) {
        if (ids[k] !== id) continue;
        const call = infos[k];
        removeAt(k);
        return call;
      }
      if (spilled.size === 0) return undefined;
      const call = spilled.get(id);
      spilled.delete(id);
      return call;
    },
  };
}

/** How an error names its call: the command (shortened, so the error line keeps its room), or the tool. */
function labelOf(call: CallInfo | undefined): string {
  if (call === undefined) return 'tool';
  if (typeof call === 'string') return call;
  return call.patch ? 'apply_patch' : `\`${shortenText(call.command, LABEL_CHARS)}\``;
}

function summaryText(content: Message['content']): string {
  if (typeof content === 'string') return content;
  const first = content[0] as { text?: unknown } | undefined;
  return typeof first?.text === 'string' ? first.text : '';
}
