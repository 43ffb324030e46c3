import type { ContextUnitType } from './types';

export interface ToolCallKind {
  type: ContextUnitType;
  evidence: string;
  /** Read from a shell command: its output is an outcome (exit code, errors) as well as content. */
  shell: boolean;
}

const FILE_TOOLS = new Set(['read', 'read_file', 'readfile', 'view', 'view_file', 'open_file', 'cat', 'notebookread', 'get_file_contents', 'fs_read']);
const EDIT_TOOLS = new Set(['edit', 'multiedit', 'write', 'write_file', 'create_file', 'str_replace', 'edit_file', 'apply_patch', 'notebookedit', 'replace', 'insert', 'patch']);
const SEARCH_TOOLS = new Set([
  'grep', 'glob', 'search', 'find', 'find_files', 'list_files', 'ls', 'list_dir', 'list_directory', 'codebase_search', 'file_search',
  'websearch', 'web_search', 'search_files', 'ripgrep', 'semantic_search', 'toolsearch',
]);
const PLAN_TOOLS = new Set(['todowrite', 'todoread', 'todo_write', 'write_todos', 'update_plan', 'exitplanmode', 'enterplanmode', 'plan']);
/** Tools that ask the user and return the answer: a decision the user made. */
const ASK_TOOLS = new Set(['askuserquestion', 'ask_user', 'ask_followup_question', 'request_user_input', 'ask_human']);
const FETCH_TOOLS = new Set(['webfetch', 'web_fetch', 'fetch', 'fetch_url', 'read_url', 'browse']);
const SHELL_TOOLS = new Set([
  'bash', 'shell', 'terminal', 'execute_command', 'run_command', 'exec', 'local_shell', 'run_terminal_cmd', 'execute_bash',
  'cmd', 'powershell', 'run_shell_command', 'container.exec',
]);
/** Editors that view or change a file depending on their `command` input (OpenHands, Anthropic's text editor tool). */
const EDITOR_TOOLS = new Set(['str_replace_editor', 'str_replace_based_edit_tool', 'file_editor', 'text_editor', 'edit_tool']);

const DOC_PATH = /(^|\/)(readme|changelog|contributing|license|docs?\/[^/]*|[^/]*\.(md|mdx|rst|adoc|txt))$/i;
const EXAMPLE_PATH = /(^|\/)(examples?|samples?)\/|(^|[/_.-])(example|sample)s?([_.-]|$)/i;

const SHELL_DIFF = /\bapply_patch\b|\bgit (diff|show|apply)\b|^\s*(patch|diff)\s/m;
const SHELL_SEARCH = /^\s*(rg|grep|egrep|ag|ack|fd|find|ls|tree|locate|git (grep|log|ls-files))\b|\|\s*(rg|grep)\b/;
/** Tool names such as `search_direct_flight`, `find_user`, `list_reservations` (tau-bench). */
const SEARCH_NAME = /^(search|find|list|lookup|query)[_-]/;
const SHELL_READ = /^(cat|sed -n|head|tail|nl|less|more|bat|type|get-content)\s/i;
const SHELL_ISSUE = /^(gh (issue|pr) view|bd show|jira (issue )?view|linear issue)\b/;

/**
 * What a tool call brings into the context, from its name and input alone: a file's contents (`Read`, `cat`), a
 * change (`Edit`, `apply_patch`, `git diff`), search results (`Grep`, `rg`, web search), a plan (`TodoWrite`,
 * `update_plan`), documentation (`WebFetch`, a README read), an example (a file under `examples/`), or a task
 * description (`gh issue view`), the user's answer to a question (`AskUserQuestion`). Shell calls are read by their
 * command: the first command of a chain that is not `cd`, `pwd` or `echo`. `undefined` for a tool
 * it cannot tell; its result is then judged by content. Names are matched lowercased, without an `mcp__server__`
 * prefix.
 */
export function toolCallKind(name: string, input: unknown): ToolCallKind | undefined {
  let byName = BY_NAME.get(name);
  if (byName === undefined) {
    byName = kindByName(name);
    if (BY_NAME.size < MAX_MADE) BY_NAME.set(name, byName);
  }
  switch (byName) {
    case 'read':
      return readKind(name, stringField(input, PATH_KEYS));
    case 'editor': {
      const command = stringField(input, ['command']);
      if (command === 'view') return readKind(name, stringField(input, PATH_KEYS));
      return tool('diff', `${name} ${command ?? 'edit'}`);
    }
    case 'shell':
      return shellKind(shellCommand(input));
    case 'unknown':
      return undefined;
    default:
      return byName;
  }
}

const PATH_KEYS = ['file_path', 'path', 'filepath', 'filename', 'notebook_path', 'target_file'];

/** Per tool name: its kind when the input cannot change it, else how to read the input. */
const BY_NAME = new Map<string, ToolCallKind | 'read' | 'editor' | 'shell' | 'unknown'>();

function kindByName(name: string): ToolCallKind | 'read' | 'editor' | 'shell' | 'unknown' {
  const bare = name.toLowerCase().replace(/^mcp__[^_]+(_[^_]+)*__/, '');
  if (FILE_TOOLS.has(bare)) return 'read';
  if (EDIT_TOOLS.has(bare)) return tool('diff', `${name} tool input`);
  if (EDITOR_TOOLS.has(bare)) return 'editor';
  if (SEARCH_TOOLS.has(bare) || SEARCH_NAME.test(bare)) return tool('search_result', `${name} tool result`);
  if (PLAN_TOOLS.has(bare)) return tool('requirement', `${name} plan`);
  if (ASK_TOOLS.has(bare)) return tool('requirement', `${name}: the user's answer`);
  if (FETCH_TOOLS.has(bare) || /docs?\b|documentation/.test(bare)) return tool('documentation', `${name} tool result`);
  if (SHELL_TOOLS.has(bare)) return 'shell';
  return 'unknown';
}

/**
 * Kinds already made, by type and evidence: a transcript of 100k messages calls a handful of tools, and one shared
 * object per kind spares 50k objects and their strings. Bounded, so hostile input cannot grow it without end.
 */
const MADE = new Map<string, ToolCallKind>();
const MAX_MADE = 4096;

function made(type: ContextUnitType, evidence: string, shell: boolean): ToolCallKind {
  const key = `${type}\u0000${evidence}\u0000${shell ? 1 : 0}`;
  let kind = MADE.get(key);
  if (kind === undefined) {
    kind = Object.freeze({ type, evidence, shell });
    if (MADE.size < MAX_MADE) MADE.set(key, kind);
  }
  return kind;
}

function tool(type: ContextUnitType, evidence: string): ToolCallKind {
  return made(type, evidence, false);
}

function readKind(name: string, path: string | undefined): ToolCallKind {
  if (path !== undefined && EXAMPLE_PATH.test(path)) return tool('example', `${name} of ${basename(path)}`);
  if (path !== undefined && DOC_PATH.test(path)) return tool('documentation', `${name} of ${basename(path)}`);
  let kind = FILE_READ.get(name);
  if (kind === undefined) {
    kind = tool('file', `${name} tool result`);
    if (FILE_READ.size < MAX_MADE) FILE_READ.set(name, kind);
  }
  return kind;
}

const FILE_READ = new Map<string, ToolCallKind>();

/** The first command of a chain that says something decides: in `pwd && ls -la`, the `ls`. */
function shellKind(command: string | undefined): ToolCallKind | undefined {
  if (command === undefined) return undefined;
  const script = command.slice(0, 600);
  if ((script.includes('patch') || script.includes('diff') || script.includes('git ')) && SHELL_DIFF.test(script)) {
    return shell('diff', /apply_patch|git \w+|patch|diff/.exec(script)?.[0] ?? 'patch');
  }
  // Most commands are one command: no need to split them.
  const chained = script.includes('&') || script.includes(';') || script.includes('|') || script.includes('\n');
  for (const segment of chained ? script.split(/&&|\|\||;|\n/) : [script]) {
    const head = segment.trimStart();
    if (head === '' || /^(cd|pwd|echo|export|set|source|\.)\b/.test(head)) continue;
    const word = /^(\S+(\s+-n)?)/.exec(head)?.[1] ?? 'shell';
    if (SHELL_ISSUE.test(head)) return shell('requirement', `${SHELL_ISSUE.exec(head)?.[0].trim() ?? word} (issue)`);
    if (SHELL_SEARCH.test(head)) return shell('search_result', word);
    if (SHELL_READ.test(head)) {
      const path = /\s'?"?([^\s'"|>]+\.\w+)'?"?\s*$/.exec(head.split('|')[0] ?? '')?.[1];
      if (path !== undefined && EXAMPLE_PATH.test(path)) return shell('example', `${word} ${basename(path)}`);
      if (path !== undefined && DOC_PATH.test(path)) return shell('documentation', `${word} ${basename(path)}`);
      return shell('file', word);
    }
    return undefined;
  }
  return undefined;
}

function shell(type: ContextUnitType, what: string): ToolCallKind {
  return made(type, `shell: ${what}`, true);
}

/** `command` as a string, or a Codex-style argv (`["bash", "-lc", "rg foo"]`), whose last item is the script. */
function shellCommand(input: unknown): string | undefined {
  if (input === null || typeof input !== 'object') return typeof input === 'string' ? input : undefined;
  const record = input as Record<string, unknown>;
  const command = record.command ?? record.cmd ?? record.script;
  if (typeof command === 'string') return command;
  if (Array.isArray(command)) {
    const last = command[command.length - 1];
    return typeof last === 'string' ? last : undefined;
  }
  return undefined;
}

function stringField(input: unknown, keys: readonly string[]): string | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  for (const key of keys) {
    const value = (input as Record<string, unknown>)[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
