import type { Message } from '../types';
import type { MessageLike } from '../context-pruner/types';
import { isContextSummary } from '../context-pruner/is-context-summary';
import type { SummaryFacts } from './types';
import { emptySummaryFacts } from './empty-summary-facts';
import { parseContextSummary } from './parse-context-summary';
import { requestText } from './request-text';
import { shortenText } from './shorten-text';
import { filePathsOfCall } from './file-paths-of-call';
import { commandText } from './command-text';
import { todoItemsOfCall } from './todo-items-of-call';
import { toolResultText } from './tool-result-text';
import { exitCodeOf } from './exit-code-of';
import { errorLineOf } from './error-line-of';

interface CallInfo {
  name: string;
  command: string | undefined;
  patch: boolean;
}

const COMMAND_CHARS = 160;
const LABEL_CHARS = 60;
const ERROR_CHARS = 200;

/**
 * One pass over the turns to summarize, in order, keeping what real summaries lose most often: the task and the
 * user's later requests (shortened), files changed and read, commands with their exit codes, errors (first lines of
 * failed results, stack traces in command output), and the todo list's last state. An earlier summary among the
 * turns is read back (`parseContextSummary`) and merged: its items come first, a path or command seen again moves
 * to the end (most recent last). Only results of shell calls and failed results are read, so a long file read
 * costs nothing.
 */
export function collectSummaryFacts(
  turns: readonly MessageLike[],
  limits: { maxRequestChars: number; maxTaskChars: number },
): SummaryFacts {
  const facts = emptySummaryFacts();
  // Maps keep insertion order; deleting before setting moves a repeated item to the end.
  const sets = {
    filesChanged: new Map<string, true>(),
    filesRead: new Map<string, true>(),
    commands: new Map<string, true>(),
    errors: new Map<string, true>(),
  };
  type SetKey = keyof typeof sets;
  const add = (key: SetKey, item: string): void => {
    const set = sets[key];
    set.delete(item);
    set.set(item, true);
  };
  const request = (text: string): void => {
    if (facts.task === undefined) facts.task = shortenText(text, limits.maxTaskChars);
    else facts.lists.requests.push(shortenText(text, limits.maxRequestChars));
  };
  const calls = new Map<string, CallInfo>();

  for (const turn of turns) {
    const { role, content } = turn;
    if (isContextSummary(content)) {
      const earlier = parseContextSummary(summaryText(content));
      facts.turns += earlier.turns;
      if (earlier.task !== undefined) {
        if (facts.task === undefined) facts.task = earlier.task;
        else facts.lists.requests.push(earlier.task);
      }
      for (const key of ['requests', 'notes'] as const) facts.lists[key].push(...earlier.lists[key]);
      if (earlier.lists.todo.length > 0) facts.lists.todo = earlier.lists.todo;
      for (const key of Object.keys(sets) as SetKey[]) for (const item of earlier.lists[key]) add(key, item);
      for (const key of Object.keys(facts.omitted) as (keyof SummaryFacts['omitted'])[]) facts.omitted[key] += earlier.omitted[key];
      continue;
    }
    facts.turns++;
    if (role === 'user') {
      const text = requestText(content);
      if (text !== undefined) request(text);
    }
    if (!Array.isArray(content)) continue;
    for (const raw of content) {
      if (raw === null || typeof raw !== 'object') continue;
      const block = raw as Record<string, unknown>;
      const { type } = block;
      if (type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use') {
        const name = typeof block.name === 'string' ? block.name : 'tool';
        const files = filePathsOfCall(name, block.input);
        for (const path of files.changed) add('filesChanged', shortenText(path, COMMAND_CHARS));
        for (const path of files.read) add('filesRead', shortenText(path, COMMAND_CHARS));
        const todo = todoItemsOfCall(name, block.input);
        if (todo !== undefined) facts.lists.todo = todo.map((item) => shortenText(item, limits.maxRequestChars));
        const command = commandText(name, block.input);
        const patch = (command ?? (typeof block.input === 'string' ? block.input : '')).includes('*** Begin Patch');
        if (typeof block.id === 'string') calls.set(block.id, { name, command, patch });
      } else if (type === 'tool_result' && typeof block.tool_use_id === 'string') {
        const call = calls.get(block.tool_use_id);
        calls.delete(block.tool_use_id);
        const isError = block.is_error === true;
        if (call?.command === undefined && !isError) continue;
        const text = toolResultText(block.content);
        const code = call?.command !== undefined ? exitCodeOf(text) : undefined;
        const label =
          call === undefined ? 'tool' : call.patch ? 'apply_patch' : call.command !== undefined ? `\`${shortenText(call.command, LABEL_CHARS)}\`` : call.name;
        if (call?.command !== undefined && !call.patch) {
          const outcome = code !== undefined ? ` → exit ${code}` : isError ? ' → failed' : '';
          add('commands', `\`${shortenText(call.command, COMMAND_CHARS)}\`${outcome}`);
        }
        const failed = isError || (code !== undefined && code !== 0);
        const line = failed ? (errorLineOf(text) ?? 'failed with no output') : errorLineOf(text, true);
        if (line !== undefined) add('errors', shortenText(`${label}: ${line}`, ERROR_CHARS));
      }
    }
  }

  const changed = sets.filesChanged;
  facts.lists.filesChanged = [...changed.keys()];
  // A file both read and changed is listed once, as changed.
  facts.lists.filesRead = [...sets.filesRead.keys()].filter((path) => !changed.has(path));
  facts.lists.commands = [...sets.commands.keys()];
  facts.lists.errors = [...sets.errors.keys()];
  return facts;
}

function summaryText(content: Message['content']): string {
  if (typeof content === 'string') return content;
  const first = content[0] as { text?: unknown } | undefined;
  return typeof first?.text === 'string' ? first.text : '';
}
