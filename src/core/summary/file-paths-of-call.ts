import { commandText } from './command-text';
import { patchFilePaths } from './patch-file-paths';

const CHANGE_TOOL = /write|edit|create|patch|replace|insert|delete|remove|move|rename|update|append/i;
const SEARCH_TOOL = /grep|glob|search|find|list|^ls$/i;
/** Shell commands whose last argument is a file they read (Codex reads files through the shell). */
const READ_COMMANDS = new Set(['cat', 'nl', 'head', 'tail', 'less', 'more', 'bat', 'wc']);

/** Read-only: the lists may be shared between calls (`NONE`, `EMPTY`), so a caller that mutated one would change every answer. */
export interface CallFiles {
  readonly read: readonly string[];
  readonly changed: readonly string[];
}

/** What most calls touch; shared, so the common case allocates nothing. */
const EMPTY: readonly string[] = Object.freeze([]);
const NONE: CallFiles = Object.freeze({ read: EMPTY, changed: EMPTY });
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

/**
 * The files a tool call reads or changes, from its input: path keys (`file_path`, `path`, `notebook_path`, …),
 * classed by the tool's name (Write, Edit, apply_patch… change; Grep, Glob… search and count as neither),
 * `str_replace_editor`'s `view` command, `apply_patch` envelopes (a custom tool's text input or a shell
 * heredoc), and simple shell reads such as `cat FILE` or `sed -n '1,200p' FILE`. `command` is the call's
 * `commandText`, for a caller that has it already. The result is read-only.
 */
export function filePathsOfCall(name: unknown, input: unknown, command = commandText(name, input)): Readonly<CallFiles> {
  const toolName = typeof name === 'string' ? name : '';
  if (typeof input === 'string') {
    const changed = patchFilePaths(input);
    return changed.length === 0 ? NONE : { read: [], changed };
  }
  if (input === null || typeof input !== 'object') return NONE;
  const record = input as Record<string, unknown>;

  if (command !== undefined) {
    const changed = patchFilePaths(command);
    if (changed.length > 0) return { read: [], changed };
    const target = shellFileTarget(command);
    if (target === undefined) return NONE;
    return target.changed ? { read: [], changed: [target.path] } : { read: [target.path], changed: [] };
  }
  // One pass over the input's own keys: reading each of the seven path keys by name cost a lookup apiece on inputs
  // of every shape (50k calls at 100k messages).
  let patched: string[] | undefined;
  let text: string | undefined;
  // The first path key's path is held apart: most inputs name one, and a list of [rank, path] pairs cost two arrays.
  let firstRank = -1;
  let firstPath = '';
  let found: [rank: number, path: string][] | undefined;
  let listed: unknown[] | undefined;
  let subcommand = '';
  for (const key in record) {
    const value = record[key];
    if (key === 'patch') {
      if (typeof value === 'string') patched = patchFilePaths(value);
    } else if (key === 'input') {
      if (typeof value === 'string') text = value;
    } else if (key === 'paths') {
      if (Array.isArray(value)) listed = value;
    } else {
      if (key === 'command' && typeof value === 'string') subcommand = value;
      const rank = pathRank(key);
      if (rank < 0 || typeof value !== 'string') continue;
      const path = value.trim();
      if (path === '') continue;
      if (firstRank < 0) {
        firstRank = rank;
        firstPath = path;
      } else (found ??= [[firstRank, firstPath]]).push([rank, path]);
    }
  }
  if (text !== undefined) patched = [...(patched ?? []), ...patchFilePaths(text)];
  let paths: string[] | undefined;
  if (found !== undefined) paths = found.sort((a, b) => a[0] - b[0]).map((entry) => entry[1]);
  else if (firstRank >= 0) paths = [firstPath];
  if (listed !== undefined) for (const p of listed) paths = withPath(paths, p);
  if (paths === undefined) return patched && patched.length > 0 ? { read: [], changed: patched } : NONE;
  // `paths` is this call's own array, so it is the answer's list as it is (the answer is read-only).
  const changed = patched ?? EMPTY;
  if (VIEW_COMMAND.test(subcommand)) return { read: paths, changed };
  const kind = toolKind(toolName);
  if (kind === 'change' || CHANGE_TOOL.test(subcommand)) return { read: EMPTY, changed: changed.length === 0 ? paths : [...changed, ...paths] };
  return kind === 'search' ? { read: EMPTY, changed } : { read: paths, changed };
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

/** Tool names classed once each (a transcript uses a handful, each thousands of times); capped against odd input. */
const KIND_OF_TOOL = new Map<string, 'change' | 'search' | 'other'>();

function toolKind(name: string): 'change' | 'search' | 'other' {
  let kind = KIND_OF_TOOL.get(name);
  if (kind === undefined) {
    kind = CHANGE_TOOL.test(name) ? 'change' : SEARCH_TOOL.test(name) ? 'search' : 'other';
    if (KIND_OF_TOOL.size < 1024) KIND_OF_TOOL.set(name, kind);
  }
  return kind;
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
 * `cat a.ts`, `sed -n '1,80p' 'src/x.ts'`, `nl -ba f | sed -n …`: the file the first command of a pipeline reads;
 * `sed -i` changes it.
 */
function shellFileTarget(command: string): { path: string; changed: boolean } | undefined {
  // Only a handful of programs qualify: look at the first word before splitting anything.
  if (!READ_PROGRAM.test(command)) return undefined;
  const program = PROGRAM.exec(command)?.[1];
  if (program === undefined || (!READ_COMMANDS.has(program) && program !== 'sed')) return undefined;
  const first = command.split(COMMAND_SEPARATOR, 1)[0] ?? '';
  const words = first.match(SHELL_WORD);
  if (!words || words.length < 2) return undefined;
  const changed = program === 'sed' && words.some((word) => IN_PLACE.test(word) || word === '--in-place');
  const args = words.slice(1).filter((word) => !word.startsWith('-'));
  // sed's first operand is its script.
  if (program === 'sed') args.shift();
  const last = args.at(-1);
  if (last === undefined || NOT_A_PATH.test(last)) return undefined;
  const path = last.replace(QUOTED, '$2');
  return path === '' ? undefined : { path, changed };
}
