import type { Message } from '../types';
import type { ContextUnitType } from './types';
import type { ContextUnits } from './build-context-units';
import type { UserPrompts } from './find-user-prompts';
import { UNIT_TYPES, UNIT_TYPE_PRECEDENCE } from './constants';
import { COMPACT_SUMMARY_PREFIX } from './harness-text';
import { toolCallKind, type ToolCallKind } from './tool-call-kind';
import { findErrorSignal } from './find-error-signal';
import { userPromptText } from './user-prompt-text';

export interface UnitClassification {
  /** Per unit: every type it holds, as bits `1 << UNIT_TYPES.indexOf(type)`. */
  typeMask: Uint16Array;
  /** Per unit: the type it is shown as, an index into `UNIT_TYPES` (the first of `UNIT_TYPE_PRECEDENCE` it holds). */
  primaryType: Uint8Array;
  /** Per unit: why, strongest first (`is_error`, `Read tool result`, "```ts block"); at most 6 entries. */
  evidence: string[][];
}

const BIT = new Map<ContextUnitType, number>(UNIT_TYPES.map((type, k) => [type, 1 << k]));
const RANK = new Map<ContextUnitType, number>(UNIT_TYPE_PRECEDENCE.map((type, k) => [type, k]));
const MAX_EVIDENCE = 6;
/** Characters of a text read for fences and plans, and of an unknown tool's output for its shape. */
const TEXT_HEAD = 1000;
const RESULT_HEAD = 600;

const FENCE = /```([\w+-]*)/;
const DIFF_TEXT = /^diff --git |^@@ -\d+(,\d+)? \+\d+(,\d+)? @@|^\*\*\* Begin Patch|^--- a\/\S+\n\+\+\+ b\//m;
const GREP_LINE = /^[\w./@-]+:\d+[:-]/gm;
const NUMBERED_FILE_LINE = /^\s*\d+(→|\t)/m;
const HEADING = /^#{1,3} \S/gm;
const LIST_ITEM = /^\s*(\d+[.)]|- \[[ xX]\]) /gm;
const PLAN_WORD = /\b(plan|steps?|todo|to-do|I'll|I will|we'll|we will)\b/i;
const EXAMPLE_WORD = /\b(for example|for instance|here'?s an example|example:|sample (input|output)|expected output)/i;
const ACK = /^(yes|yep|y|ok|okay|sure|thanks|thank you|continue|go on|go ahead|proceed|great|perfect|cool|lgtm|no|nope|done)\b/i;
const ACK_MAX_CHARS = 60;
const CONSTRAINT =
  /\b(must|should(?:n'?t)?|needs? to|have to|(?:don'?t|do not)(?! (?:know|remember|think|see|have|understand|get|mind)\b)|never|always|only|make sure|ensure|without|instead|prefer|require[sd]?|avoid)\b/i;
/** An instruction: an imperative first word, or a request ("can you", "please", "I need", "let's go with"). */
const INSTRUCTION =
  /^(please |pls |now |ok,? |so |then |and )?(add|implement|create|write|build|make|fix|run|use|explore|find|show|start|stop|work|install|update|change|remove|delete|move|rename|refactor|check|look|read|review|explain|list|search|try|test|commit|push|merge|deploy|open|close|keep|go|give|tell|send|book|cancel|upgrade|set|put|replace|revert|undo|store|save|print|describe|summari[sz]e|help|do|get|let'?s|lets)\b|\b(can|could|would|will) you\b|\bplease\b|(?:^|[.!?,;]\s*|\b(?:and|but|so) )(?:i|we)(?:'d| would)? (?:want|need|like)\b|\b(?:go|going) with\b/i;

/**
 * Types every unit from its content, deterministically, with the evidence kept for display:
 *
 * - tool calls by name and input (`toolCallKind`): `Read` → file, `Edit`/`apply_patch` → diff, `Grep`/`rg`/web
 *   search → search_result, `TodoWrite`/`update_plan` → requirement, `WebFetch`/a README → documentation, a file under
 *   `examples/` → example; an unknown tool's result is judged by content (a unified diff, grep-style lines, numbered
 *   file lines, markdown headings), else it is a tool_result;
 * - errors: `is_error`, or a failure in the output (`findErrorSignal`: Traceback, non-zero exit code, `TypeError:`),
 *   except in what a file read or a search returned, where such words are content, not an outcome;
 * - text: a code fence → snippet ("```ts block"; ```diff → diff); a numbered or checkbox list with plan words →
 *   requirement; the task (the first typed prompt) → requirement; another prompt → requirement when it states a
 *   constraint ("don't", "must", "only"), else message; Claude Code's compact summary → requirement.
 *
 * Assistant narration and thinking inside a tool unit add no type: "Let me read the file" is part of the call.
 * Harness text other than the compact summary adds none either. Long texts are read only in part (1,000 characters
 * for fences and lists, 600 of an unknown tool's output for its shape, 240 + 240 for error signals). O(total blocks).
 */
export function classifyUnits(messages: readonly Message[], units: ContextUnits, prompts: UserPrompts): UnitClassification {
  const typeMask = new Uint16Array(units.count);
  const primaryType = new Uint8Array(units.count);
  const evidence: string[][] = new Array<string[]>(units.count);
  const found: { type: ContextUnitType; text: string }[] = [];
  const calls = new Map<string, ToolCallKind | undefined>();

  for (let u = 0; u < units.count; u++) {
    found.length = 0;
    calls.clear();
    const start = units.memberStart[u] as number;
    const end = units.memberStart[u + 1] as number;
    let toolUnit = false;
    for (let k = start; k < end && !toolUnit; k++) toolUnit = hasToolBlock(messages[units.members[k] as number] as Message);

    for (let k = start; k < end; k++) {
      const index = units.members[k] as number;
      const message = messages[index] as Message;
      if (message.role === 'user') classifyUserMessage(message, index, prompts, calls, found);
      else classifyAssistantMessage(message, toolUnit, calls, found);
    }

    let mask = 0;
    for (const { type } of found) mask |= BIT.get(type) as number;
    if (mask === 0) {
      mask = BIT.get('message') as number;
      found.push({ type: 'message', text: 'harness text or empty' });
    }
    typeMask[u] = mask;
    const primary = UNIT_TYPE_PRECEDENCE.find((type) => (mask & (BIT.get(type) as number)) !== 0) as ContextUnitType;
    primaryType[u] = UNIT_TYPES.indexOf(primary);
    evidence[u] = strongestFirst(found);
  }
  return { typeMask, primaryType, evidence };
}

function classifyUserMessage(
  message: Message,
  index: number,
  prompts: UserPrompts,
  calls: Map<string, ToolCallKind | undefined>,
  found: { type: ContextUnitType; text: string }[],
): void {
  const typed = userPromptText(message);
  if (typed !== undefined) {
    found.push(typedPromptType(typed, index === prompts.task));
    readText(typed, found, 'user', false);
  }
  const { content } = message;
  if (!Array.isArray(content)) return;
  for (const block of content) {
    if (block === null || typeof block !== 'object') continue;
    if (block.type === 'text' && typeof block.text === 'string' && block.text.trimStart().startsWith(COMPACT_SUMMARY_PREFIX)) {
      found.push({ type: 'requirement', text: 'compact summary' });
    } else if (block.type === 'tool_result') {
      classifyResult(block as { tool_use_id?: unknown; content?: unknown; is_error?: unknown }, calls, found);
    }
  }
}

/**
 * The task and the user's instructions and constraints are requirements; acknowledgements ("yes, go ahead"),
 * questions and statements ("I don't remember the reservation ID") are messages.
 */
function typedPromptType(typed: string, isTask: boolean): { type: ContextUnitType; text: string } {
  if (isTask) return { type: 'requirement', text: 'the task (first user prompt)' };
  const constraint = CONSTRAINT.exec(typed);
  if (constraint !== null) return { type: 'requirement', text: `user constraint "${constraint[0].toLowerCase()}"` };
  if (typed.length <= ACK_MAX_CHARS && ACK.test(typed)) return { type: 'message', text: 'user acknowledgement' };
  if (INSTRUCTION.test(typed)) return { type: 'requirement', text: 'user instruction' };
  return { type: 'message', text: typed.endsWith('?') ? 'user question' : 'user statement' };
}

function classifyAssistantMessage(
  message: Message,
  toolUnit: boolean,
  calls: Map<string, ToolCallKind | undefined>,
  found: { type: ContextUnitType; text: string }[],
): void {
  const { content } = message;
  if (typeof content === 'string') {
    if (content.trim() !== '') found.push({ type: 'message', text: 'assistant text' });
    readText(content, found, 'assistant', toolUnit);
    return;
  }
  if (!Array.isArray(content)) return;
  for (const block of content) {
    if (block === null || typeof block !== 'object') continue;
    const { type } = block;
    if (type === 'text' && typeof block.text === 'string' && block.text.trim() !== '') {
      if (!toolUnit) found.push({ type: 'message', text: 'assistant text' });
      readText(block.text, found, 'assistant', toolUnit);
    } else if (type === 'thinking' && !toolUnit) {
      found.push({ type: 'message', text: 'thinking' });
    } else if (type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use') {
      const name = typeof block.name === 'string' ? block.name : 'tool';
      const kind = toolCallKind(name, block.input);
      if (typeof block.id === 'string') calls.set(block.id, kind);
      if (kind !== undefined) found.push({ type: kind.type, text: kind.evidence });
      else if (type === 'tool_use') found.push({ type: 'tool_result', text: `${name} tool result` });
    } else if (typeof type === 'string' && type.endsWith('_tool_result')) {
      if (type === 'web_search_tool_result') found.push({ type: 'search_result', text: 'web_search_tool_result' });
      else if (type === 'web_fetch_tool_result') found.push({ type: 'documentation', text: 'web_fetch_tool_result' });
      else found.push({ type: 'tool_result', text: type });
    }
  }
}

function classifyResult(
  block: { tool_use_id?: unknown; content?: unknown; is_error?: unknown },
  calls: Map<string, ToolCallKind | undefined>,
  found: { type: ContextUnitType; text: string }[],
): void {
  const kind = typeof block.tool_use_id === 'string' ? calls.get(block.tool_use_id) : undefined;
  if (block.is_error === true) found.push({ type: 'error', text: 'is_error' });
  const text = resultText(block.content);
  // What a read or a search tool returns is content: "Error:" in a source file is no failure. A shell command's
  // output is also its outcome.
  const returnsContent = kind !== undefined && !kind.shell && kind.type !== 'diff' && kind.type !== 'requirement';
  if (block.is_error !== true) {
    const signal = findErrorSignal(text, returnsContent ? 'tool-failure' : 'any');
    if (signal !== undefined) found.push({ type: 'error', text: signal });
  }
  if (kind !== undefined) return;
  // What an unknown tool returned, judged by its first lines; `includes` rules most outputs out before any pattern.
  const head = text.slice(0, RESULT_HEAD);
  if ((head.includes('@@') || head.includes('diff --git') || head.includes('*** Begin Patch')) && DIFF_TEXT.test(head)) {
    found.push({ type: 'diff', text: 'unified diff' });
  } else if (head.startsWith('Web search results')) {
    found.push({ type: 'search_result', text: 'web search results' });
  } else if (head.includes(':') && count(GREP_LINE, head) >= 2) {
    found.push({ type: 'search_result', text: 'grep-style lines' });
  } else if ((head.includes('→') || head.includes('\t')) && NUMBERED_FILE_LINE.test(head)) {
    found.push({ type: 'file', text: 'numbered file lines' });
  } else if (head.includes('#')) {
    const headings = count(HEADING, head);
    if (headings >= 2) found.push({ type: 'documentation', text: `markdown document (${headings} headings)` });
  }
}

/** Fences, plans and examples in typed or written text; a plan narrated beside a tool call is part of the call. */
function readText(
  text: string,
  found: { type: ContextUnitType; text: string }[],
  role: 'user' | 'assistant',
  toolUnit: boolean,
): void {
  const head = text.length > TEXT_HEAD ? text.slice(0, TEXT_HEAD) : text;
  // indexOf finds most texts free of fences and diffs faster than any pattern can say so.
  const fence = head.includes('```') ? FENCE.exec(head) : null;
  if (fence !== null) {
    const language = fence[1] ?? '';
    if (language === 'diff' || language === 'patch') found.push({ type: 'diff', text: '```diff block' });
    else found.push({ type: 'snippet', text: `\`\`\`${language} block` });
  } else if ((head.includes('@@') || head.includes('diff --git') || head.includes('*** Begin Patch')) && DIFF_TEXT.test(head)) {
    found.push({ type: 'diff', text: 'unified diff' });
  }
  if (!toolUnit && PLAN_WORD.test(head)) {
    const items = count(LIST_ITEM, head);
    if (items >= 3) found.push({ type: 'requirement', text: `plan (${items} steps)` });
  }
  if (role === 'user') {
    if (EXAMPLE_WORD.test(head)) found.push({ type: 'example', text: 'example in prompt' });
    const signal = findErrorSignal(text);
    if (signal !== undefined) found.push({ type: 'error', text: `${signal} in prompt` });
  }
}

function hasToolBlock(message: Message): boolean {
  const { content } = message;
  if (!Array.isArray(content)) return false;
  for (const block of content) {
    const type = block?.type;
    if (type === 'tool_use' || type === 'tool_result' || type === 'server_tool_use' || type === 'mcp_tool_use') return true;
    if (typeof type === 'string' && type.endsWith('_tool_result')) return true;
  }
  return false;
}

/** A tool result's text: the string, or its text blocks joined, read no further than needed. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const block of content) {
    if (block !== null && typeof block === 'object' && typeof (block as { text?: unknown }).text === 'string') {
      text += (text === '' ? '' : '\n') + (block as { text: string }).text;
      if (text.length > TEXT_HEAD * 4) break;
    }
  }
  return text;
}

function count(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  let n = 0;
  while (pattern.exec(text) !== null) n++;
  return n;
}

function strongestFirst(found: readonly { type: ContextUnitType; text: string }[]): string[] {
  if (found.length === 1) return [(found[0] as { text: string }).text];
  const order = found.map((_, k) => k);
  order.sort((a, b) => (RANK.get((found[a] as { type: ContextUnitType }).type) as number) - (RANK.get((found[b] as { type: ContextUnitType }).type) as number) || a - b);
  const out: string[] = [];
  for (const k of order) {
    const { text } = found[k] as { text: string };
    if (!out.includes(text)) out.push(text);
    if (out.length === MAX_EVIDENCE) break;
  }
  return out;
}
