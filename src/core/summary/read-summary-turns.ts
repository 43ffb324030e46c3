import type { Message, MessageLike } from '../types';
import type { ShellRun, SummaryFacts } from './types';
import { isContextSummary } from './is-context-summary';
import { parseContextSummary } from './parse-context-summary';
import { userPromptText } from '../text/user-prompt-text';
import { shortenText } from './shorten-text';
import { createCallInputReading } from './create-call-input-reading';
import { readCallInput } from './read-call-input';
import { toolResultText } from '../text/tool-result-text';
import { toolResultOutcome } from '../text/tool-result-outcome';
import { errorLineOf } from './error-line-of';
import type { CallMemory } from './create-call-memory';

/** A shell call awaiting its result; any other call is remembered by its tool name alone. */
export type PendingCall = ShellRun | string;

/** Where each file a call touches (or an earlier summary lists) goes, in the order they are met. */
export type FileSighting = (key: 'filesChanged' | 'filesRead', path: string) => void;

/** What `readSummaryTurns` reads into, kept by its caller from one call to the next. */
export interface SummaryReading {
  facts: SummaryFacts;
  maxTaskChars: number;
  /** Calls awaiting their results (`createCallMemory`). */
  calls: CallMemory<PendingCall>;
  /** The files go here, not to `facts`: a one-shot pass keeps each path's last sighting, a fold a log it reads back. */
  sighted: FileSighting;
}

/** What each call's input says (`readCallInput`): one record, refilled call after call, as the pass is synchronous. */
const call = createCallInputReading();

/**
 * Reads `turns[from..to)` into `reading` (see `collectSummaryFacts` for what is kept), the pass `collectSummaryFacts`
 * and `createSummaryFold` share. A plain function over a range, its state passed in: the same loop as a closure over
 * that state ran about 1.4× slower at 100k messages.
 */
export function readSummaryTurns(reading: SummaryReading, turns: readonly MessageLike[], from: number, to: number): void {
  const { facts, calls, sighted } = reading;
  for (let t = from; t < to; t++) {
    const turn = turns[t] as MessageLike;
    const { role, content } = turn;
    if (role === 'user' && isContextSummary(content)) {
      mergeEarlierSummary(facts, parseContextSummary(summaryText(content)), sighted);
      continue;
    }
    facts.turns++;
    // Whether the turn can hold a request: string content, or a text block met below (most user turns hold only tool
    // results, whose blocks `userPromptText` would walk again for nothing). Requests have their own list, so reading
    // one after the turn's calls and results keeps every list's order.
    let texts = true;
    if (Array.isArray(content)) {
      texts = false;
      for (let b = 0; b < content.length; b++) {
        const raw: unknown = content[b];
        if (raw === null || typeof raw !== 'object') continue;
        const block = raw as Record<string, unknown>;
        const { type } = block;
        if (type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use') {
          const name = typeof block.name === 'string' ? block.name : 'tool';
          readCallInput(name, block.input, call);
          // Most calls touch no file: an index loop over an empty list costs a length read, a for-of an iterator.
          const { changed, read, command } = call;
          for (let k = 0; k < changed.length; k++) sighted('filesChanged', changed[k] as string);
          for (let k = 0; k < read.length; k++) sighted('filesRead', read[k] as string);
          if (call.todo !== undefined) facts.lists.todo = call.todo;
          if (typeof block.id === 'string') calls.remember(block.id, command === undefined ? name : { command, patch: call.patch, ran: false });
        } else if (type === 'tool_result' && typeof block.tool_use_id === 'string') {
          const found = calls.take(block.tool_use_id);
          if (typeof found !== 'object' && block.is_error !== true) continue;
          readResult(facts, block, found);
        } else if (type === 'text') texts = true;
      }
    }
    if (texts && role === 'user') {
      const text = userPromptText(turn as Message);
      if (text !== undefined) {
        if (facts.task === undefined) facts.task = shortenText(text, reading.maxTaskChars);
        else facts.lists.requests.push(text);
      }
    }
  }
}

/** A shell call's run and exit code, and the error a failed result (or a stack trace in command output) shows. */
function readResult(facts: SummaryFacts, block: Record<string, unknown>, found: PendingCall | undefined): void {
  const text = toolResultText(block.content);
  // Only a shell call's result is read for its exit code: any other reaches here with `is_error: true`, which is all
  // `toolResultOutcome` reads of it then (a failure), so it is given '' for its output (its documented way to skip it).
  const { failed, exitCode } = toolResultOutcome(block, typeof found === 'object' ? text : '');
  if (typeof found === 'object' && !found.patch) {
    // The call itself is the entry (a result takes it from the calls, so it is listed once): no line is written here.
    found.ran = exitCode ?? failed;
    facts.lists.commands.push(found);
  }
  if (failed) {
    // Written only if shown: at 100k messages most errors never are, and finding the telling line reads the output.
    facts.lists.errors.push(failureLine(found, text));
  } else {
    const traced = errorLineOf(text, true);
    if (traced !== undefined) facts.lists.errors.push(`${labelOf(found)}: ${traced}`);
  }
}

/**
 * A failure's error entry, written when shown. A function of its own: a closure made in `readResult` had every call
 * of it (thousands of results at 100k messages, most not failures) allocate the context the closure would share.
 */
function failureLine(found: PendingCall | undefined, text: string): () => string {
  return () => `${labelOf(found)}: ${errorLineOf(text) ?? 'failed with no output'}`;
}

function mergeEarlierSummary(facts: SummaryFacts, earlier: SummaryFacts, sighted: FileSighting): void {
  facts.turns += earlier.turns;
  if (earlier.task !== undefined) {
    if (facts.task === undefined) facts.task = earlier.task;
    else facts.lists.requests.push(earlier.task);
  }
  for (const key of ['requests', 'notes', 'commands', 'errors'] as const) facts.lists[key].push(...earlier.lists[key]);
  if (earlier.lists.todo.length > 0) facts.lists.todo = earlier.lists.todo;
  for (const key of ['filesChanged', 'filesRead'] as const) for (const item of earlier.lists[key]) sighted(key, item as string);
  for (const key of Object.keys(facts.omitted) as (keyof SummaryFacts['omitted'])[]) facts.omitted[key] += earlier.omitted[key];
}

const LABEL_CHARS = 60;

/** How an error names its call: the command (shortened, so the error line keeps its room), or the tool. */
function labelOf(call: PendingCall | undefined): string {
  if (call === undefined) return 'tool';
  if (typeof call === 'string') return call;
  return call.patch ? 'apply_patch' : `\`${shortenText(call.command, LABEL_CHARS)}\``;
}

function summaryText(content: Message['content']): string {
  if (typeof content === 'string') return content;
  const first = content[0] as { text?: unknown } | undefined;
  return typeof first?.text === 'string' ? first.text : '';
}
