import { patchFilePaths } from './patch-file-paths';

/**
 * What one tool call's input says, as `readCallInput` reads it: one record, filled afresh by each read (the lists
 * may be shared between reads, so they are read-only), that a caller keeps from call to call.
 */
export interface CallInputReading {
  /** The command line a shell call runs (`commandText`), else undefined. */
  command: string | undefined;
  /** Whether `command` holds an `apply_patch` envelope (`*** Begin Patch`). */
  patch: boolean;
  /** The files the call reads and changes (`filePathsOfCall`). */
  read: readonly string[];
  changed: readonly string[];
  /** The todo list the call writes (`todoItemsOfCall`), else undefined. */
  todo: string[] | undefined;
  /**
   * A list of one path, the reading's own, refilled by each read: `read` or `changed` is this list when the call names
   * one file (Read, Write, Edit), so such a call allocates no list. A caller that keeps a list copies this one.
   */
  one: string[];
}

const BEGIN_PATCH = '*** Begin Patch';
/** What most calls touch; shared, so the common case allocates nothing. */
const EMPTY: readonly string[] = Object.freeze([]);

/** Shell tools by name: Claude Code's Bash, Codex's shell / local_shell / exec_command, and the usual others. */
const SHELL_TOOLS = /^(bash|shell|local_shell|exec_command|shell_command|run_command|run_terminal_cmd|execute_command|terminal|container\.exec)$/i;
const SHELLS = /^(?:\/\S*\/)?(?:bash|sh|zsh|dash)$/;
const SHELL_FLAG = /^-l?c$/;
const NEEDS_QUOTES = /[\s'"]/;
const CHANGE_TOOL = /write|edit|create|patch|replace|insert|delete|remove|move|rename|update|append/i;
const SEARCH_TOOL = /grep|glob|search|find|list|^ls$/i;
/** Shell commands whose last argument is a file they read (Codex reads files through the shell). */
const READ_COMMANDS = new Set(['cat', 'nl', 'head', 'tail', 'less', 'more', 'bat', 'wc']);
/** Module constants: a regex literal in a function is a new RegExp object each time it is evaluated (50k calls). */
const VIEW_COMMAND = /^(view|read)$/i;
const PROGRAM = /^\s*([\w.-]+)/;
/** PROGRAM's word is one of READ_COMMANDS or sed: `test` builds no match, and most commands run something else. */
const READ_PROGRAM = new RegExp(`^\\s*(?:${[...READ_COMMANDS, 'sed'].join('|')})(?![\\w.-])`);
const COMMAND_SEPARATOR = /\||&&|;|\n/;
const SHELL_WORD = /'[^']*'|"[^"]*"|\S+/g;
const IN_PLACE = /^-i/;
const NOT_A_PATH = /[<>$`*]/;
const QUOTED = /^(['"])(.*)\1$/;
const MARK: Record<string, string> = { completed: '[x]', in_progress: '[~]', pending: '[ ]' };

const SHELL = 1;
const CHANGE = 2;
const SEARCH = 4;
/** Tool names classed once each (a transcript uses a handful, each thousands of times); capped against odd input. */
const FLAGS_OF_TOOL = new Map<string, number>();

/** The last name classed and its flags: a run of calls to one tool (most runs) compares a pointer, not hashes. */
let lastName = '';
let lastFlags = 0;

function toolFlags(name: string): number {
  if (name === lastName) return lastFlags;
  let flags = FLAGS_OF_TOOL.get(name);
  if (flags === undefined) {
    flags = (SHELL_TOOLS.test(name) ? SHELL : 0) | (CHANGE_TOOL.test(name) ? CHANGE : SEARCH_TOOL.test(name) ? SEARCH : 0);
    if (FLAGS_OF_TOOL.size < 1024) FLAGS_OF_TOOL.set(name, flags);
  }
  lastName = name;
  lastFlags = flags;
  return flags;
}

/**
 * Reads a tool call's input once for all the summary takes from it, into `into`: the shell command line
 * (`commandText`), the files read and changed (`filePathsOfCall`) and the todo list written (`todoItemsOfCall`);
 * see those for the rules. One walk over the input's own keys: at 100k messages the three read apart each loaded
 * their keys by name from inputs of every shape, and the first touch of an input is what a call costs most.
 */
export function readCallInput(name: unknown, input: unknown, into: CallInputReading): void {
  const flags = typeof name === 'string' ? toolFlags(name) : 0;
  into.command = undefined;
  into.patch = false;
  into.read = EMPTY;
  into.changed = EMPTY;
  into.todo = undefined;
  if (typeof input === 'string') {
    if ((flags & SHELL) !== 0 && input.trim() !== '') into.command = input;
    if (!input.includes(BEGIN_PATCH)) return;
    into.patch = into.command !== undefined;
    into.changed = patchFilePaths(input);
    return;
  }
  if (input === null || typeof input !== 'object') return;
  const record = input as Record<string, unknown>;

  let command: unknown;
  let cmd: unknown;
  let todos: unknown;
  let plan: unknown;
  let patchText: string | undefined;
  let text: string | undefined;
  // The first path key's path is held apart: most inputs name one, and a list of [rank, path] pairs cost two arrays.
  let firstRank = -1;
  let firstPath = '';
  let found: [rank: number, path: string][] | undefined;
  let listed: unknown[] | undefined;
  for (const key in record) {
    const value = record[key];
    if (key === 'command') command = value;
    else if (key === 'cmd') cmd = value;
    else if (key === 'todos') todos = value;
    else if (key === 'plan') plan = value;
    else if (key === 'patch') {
      if (typeof value === 'string') patchText = value;
    } else if (key === 'input') {
      if (typeof value === 'string') text = value;
    } else if (key === 'paths') {
      if (Array.isArray(value)) listed = value;
    } else {
      const rank = pathRank(key);
      if (rank < 0 || typeof value !== 'string') continue;
      const path = untrimmed(value) ? value : value.trim();
      if (path === '') continue;
      if (firstRank < 0) {
        firstRank = rank;
        firstPath = path;
      } else (found ??= [[firstRank, firstPath]]).push([rank, path]);
    }
  }

  const list = name === 'TodoWrite' || Array.isArray(todos) ? todos : name === 'update_plan' ? plan : undefined;
  if (Array.isArray(list)) into.todo = todoLines(list);
  const line = (flags & SHELL) !== 0 ? commandLine(command ?? cmd) : undefined;
  if (line !== undefined) {
    into.command = line;
    into.patch = line.includes(BEGIN_PATCH);
    const changed = into.patch ? patchFilePaths(line) : EMPTY;
    if (changed.length > 0) into.changed = changed;
    else shellFileTarget(line, into);
    return;
  }

  let patched = patchText === undefined ? undefined : patchFilePaths(patchText);
  if (text !== undefined) patched = [...(patched ?? []), ...patchFilePaths(text)];
  let paths: string[] | undefined;
  if (found !== undefined) paths = found.sort((a, b) => a[0] - b[0]).map((entry) => entry[1]);
  else if (firstRank >= 0) {
    if (listed === undefined) {
      paths = into.one;
      paths[0] = firstPath;
    } else paths = [firstPath];
  }
  if (listed !== undefined) for (const p of listed) paths = withPath(paths, p);
  const changed = patched ?? EMPTY;
  if (paths === undefined) {
    if (changed.length > 0) into.changed = changed;
    return;
  }
  // `paths` is this call's own array (or the reading's `one`), so it is the answer's list as it is (the answer is read-only).
  // Most such calls (Edit, Write) have no subcommand, and neither pattern matches an empty one: no regex runs for them.
  const subcommand = typeof command === 'string' ? command : '';
  if (subcommand !== '' && VIEW_COMMAND.test(subcommand)) {
    into.read = paths;
    into.changed = changed;
  } else if ((flags & CHANGE) !== 0 || (subcommand !== '' && CHANGE_TOOL.test(subcommand))) {
    into.changed = changed.length === 0 ? paths : [...changed, ...paths];
  } else {
    if ((flags & SEARCH) === 0) into.read = paths;
    into.changed = changed;
  }
}

/** `commandText` of an input's `command` (or `cmd`): a non-blank string, or an argv array (`bash -lc SCRIPT` gives SCRIPT). */
function commandLine(value: unknown): string | undefined {
  if (typeof value === 'string') return untrimmed(value) || value.trim() !== '' ? value : undefined;
  if (!Array.isArray(value) || value.length === 0 || !value.every((part) => typeof part === 'string')) return undefined;
  const argv = value as string[];
  if (argv.length === 3 && SHELLS.test(argv[0] as string) && SHELL_FLAG.test(argv[1] as string)) return argv[2];
  return argv.map((part) => (NEEDS_QUOTES.test(part) ? JSON.stringify(part) : part)).join(' ');
}

/**
 * Whether `trim` would leave `text` as it is because it starts and ends with a printable ASCII character (no blank is
 * one): a look at two characters instead of a call that flattens and scans (100k calls, nearly all so).
 */
function untrimmed(text: string): boolean {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f;
}

/**
 * Input keys that name a file, in the tools of Claude Code, Codex, OpenHands, Cline and the MCP file servers: a key's
 * rank (paths are listed in this order whatever the input's key order), -1 for another key. A switch, not a map: the
 * keys of a `for…in` are internalized strings, so each case is a pointer comparison, where a map lookup hashed every
 * key of every input (50k calls at 100k messages).
 */
function pathRank(key: string): number {
  switch (key) {
    case 'file_path':
      return 0;
    case 'path':
      return 1;
    case 'notebook_path':
      return 2;
    case 'filePath':
      return 3;
    case 'filename':
      return 4;
    case 'target_file':
      return 5;
    case 'file':
      return 6;
    default:
      return -1;
  }
}

/** `paths` with `value` added when it is a non-blank string (a function, not a closure made per call: 50k calls). */
function withPath(paths: string[] | undefined, value: unknown): string[] | undefined {
  if (typeof value !== 'string') return paths;
  const path = value.trim();
  if (path === '') return paths;
  if (paths === undefined) return [path];
  paths.push(path);
  return paths;
}

/**
 * `cat a.ts`, `sed -n '1,80p' 'src/x.ts'`, `nl -ba f | sed -n …`: the file the first command of a pipeline reads
 * goes to `into.read`; `sed -i` changes it (`into.changed`).
 */
function shellFileTarget(command: string, into: CallInputReading): void {
  // Only a handful of programs qualify: look at the first word before splitting anything.
  if (!READ_PROGRAM.test(command)) return;
  const program = PROGRAM.exec(command)?.[1];
  if (program === undefined || (!READ_COMMANDS.has(program) && program !== 'sed')) return;
  const first = command.split(COMMAND_SEPARATOR, 1)[0] ?? '';
  const words = first.match(SHELL_WORD);
  if (!words || words.length < 2) return;
  const changed = program === 'sed' && words.some((word) => IN_PLACE.test(word) || word === '--in-place');
  const args = words.slice(1).filter((word) => !word.startsWith('-'));
  // sed's first operand is its script.
  if (program === 'sed') args.shift();
  const last = args.at(-1);
  if (last === undefined || NOT_A_PATH.test(last)) return;
  const path = last.replace(QUOTED, '$2');
  if (path === '') return;
  if (changed) into.changed = [path];
  else into.read = [path];
}

/** A todo list's entries as `[x] done`, `[~] doing`, `[ ] to do` lines. */
function todoLines(list: readonly unknown[]): string[] {
  const items: string[] = [];
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object') continue;
    const { content, step, status } = entry as { content?: unknown; step?: unknown; status?: unknown };
    const text = typeof content === 'string' ? content : typeof step === 'string' ? step : undefined;
    if (text === undefined || text.trim() === '') continue;
    items.push(`${MARK[String(status)] ?? '[ ]'} ${text}`);
  }
  return items;
}
