import { commandText } from './command-text';
import { patchFilePaths } from './patch-file-paths';

/** Input keys that name a file, in the tools of Claude Code, Codex, OpenHands, Cline and the MCP file servers. */
const PATH_KEYS = ['file_path', 'path', 'notebook_path', 'filePath', 'filename', 'target_file', 'file'] as const;
const CHANGE_TOOL = /write|edit|create|patch|replace|insert|delete|remove|move|rename|update|append/i;
const SEARCH_TOOL = /grep|glob|search|find|list|^ls$/i;
/** Shell commands whose last argument is a file they read (Codex reads files through the shell). */
const READ_COMMANDS = new Set(['cat', 'nl', 'head', 'tail', 'less', 'more', 'bat', 'wc']);

export interface CallFiles {
  read: string[];
  changed: string[];
}

/** What most calls touch; shared, so the common case allocates nothing. */
const NONE: CallFiles = Object.freeze({ read: [], changed: [] }) as unknown as CallFiles;

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
  let patched: string[] | undefined;
  if (typeof record.patch === 'string') patched = patchFilePaths(record.patch);
  if (typeof record.input === 'string') patched = [...(patched ?? []), ...patchFilePaths(record.input)];

  let paths: string[] | undefined;
  const addPath = (value: unknown): void => {
    if (typeof value !== 'string') return;
    const path = value.trim();
    if (path !== '') (paths ??= []).push(path);
  };
  for (const key of PATH_KEYS) addPath(record[key]);
  if (Array.isArray(record.paths)) for (const p of record.paths) addPath(p);
  if (paths === undefined) return patched && patched.length > 0 ? { read: [], changed: patched } : NONE;
  const files: CallFiles = { read: [], changed: patched ?? [] };
  const subcommand = typeof record.command === 'string' ? record.command : '';
  if (/^(view|read)$/i.test(subcommand)) files.read.push(...paths);
  else if (CHANGE_TOOL.test(toolName) || CHANGE_TOOL.test(subcommand)) files.changed.push(...paths);
  else if (!SEARCH_TOOL.test(toolName)) files.read.push(...paths);
  return files;
}

/**
 * `cat a.ts`, `sed -n '1,80p' 'src/x.ts'`, `nl -ba f | sed -n …`: the file the first command of a pipeline reads;
 * `sed -i` changes it.
 */
function shellFileTarget(command: string): { path: string; changed: boolean } | undefined {
  // Only a handful of programs qualify: look at the first word before splitting anything.
  const program = /^\s*([\w.-]+)/.exec(command)?.[1];
  if (program === undefined || (!READ_COMMANDS.has(program) && program !== 'sed')) return undefined;
  const first = command.split(/\||&&|;|\n/, 1)[0] ?? '';
  const words = first.match(/'[^']*'|"[^"]*"|\S+/g);
  if (!words || words.length < 2) return undefined;
  const changed = program === 'sed' && words.some((word) => /^-i/.test(word) || word === '--in-place');
  const args = words.slice(1).filter((word) => !word.startsWith('-'));
  // sed's first operand is its script.
  if (program === 'sed') args.shift();
  const last = args.at(-1);
  if (last === undefined || /[<>$`*]/.test(last)) return undefined;
  const path = last.replace(/^(['"])(.*)\1$/, '$2');
  return path === '' ? undefined : { path, changed };
}
