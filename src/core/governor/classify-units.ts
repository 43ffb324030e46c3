import type { Message } from '../types';
import type { ContextUnitType } from './types';
import type { ContextUnits } from './build-context-units';
import type { MessageScan } from '../links/scan-messages';
import type { UserPrompts } from './find-user-prompts';
import { UNIT_TYPES, UNIT_TYPE_PRECEDENCE } from './constants';
import { COMPACT_SUMMARY_PREFIX } from './harness-text';
import { toolCallKind, type ToolCallKind } from './tool-call-kind';
import { ERROR_SCAN_END_CHARS, findErrorSignal } from './find-error-signal';

export interface UnitClassification {
  /** Per unit: every type it holds, as bits `1 << UNIT_TYPES.indexOf(type)`. */
  typeMask: Uint16Array;
  /** Per unit: the type it is shown as, an index into `UNIT_TYPES` (the first of `UNIT_TYPE_PRECEDENCE` it holds). */
  primaryType: Uint8Array;
  /** Per unit: why, strongest first (`is_error`, `Read tool result`, "```ts block"); at most 6 entries. Shared: read-only. */
  evidence: readonly (readonly string[])[];
}

const TYPE_INDEX = new Map<ContextUnitType, number>(UNIT_TYPES.map((type, k) => [type, k]));
/** Per type index: its place in `UNIT_TYPE_PRECEDENCE`. */
const RANK = UNIT_TYPES.map((type) => UNIT_TYPE_PRECEDENCE.indexOf(type));
/** Type indices in order of precedence. */
const BY_PRECEDENCE = UNIT_TYPE_PRECEDENCE.map((type) => TYPE_INDEX.get(type) as number);
const MESSAGE = TYPE_INDEX.get('message') as number;
const MAX_EVIDENCE = 6;
/** Characters of a typed prompt read for constraints and requests. */
const TYPED_HEAD = 600;
/** One shared list per single piece of evidence, the common case: 50k units need not make 50k one-item lists. */
const SINGLE = new Map<string, readonly string[]>();

/** Characters of tool output read for errors (both ends) across a transcript, and the least per end. */
const CLASSIFY_TOTAL_CHARS = 4_000_000;
const MIN_ERROR_END = 40;
const MIN_SHAPE_HEAD = 96;

interface Reading {
  /** Characters read from each end of a tool output for error signals. */
  errorEnds: number;
  /** Characters read from the start of an unknown tool's output for its shape. */
  shapeHead: number;
}

/** Per unit: 1 when a member holds a tool call or result, paired or not, as the scan found them. */
function toolUnitsOf(units: ContextUnits, scan: MessageScan): Uint8Array {
  const flags = new Uint8Array(units.count);
  for (const i of scan.useIndex) flags[units.unitOf[i] as number] = 1;
  for (const i of scan.resultIndex) flags[units.unitOf[i] as number] = 1;
  for (const i of scan.orphanIndex) flags[units.unitOf[i] as number] = 1;
  return flags;
}

function countResults(messages: readonly Message[]): number {
  let count = 0;
  for (const message of messages) {
    if (message.role !== 'user' || !Array.isArray(message.content)) continue;
    for (const block of message.content) if (block?.type === 'tool_result') count++;
  }
  return count;
}

/**
 * The calls of one unit, by id, as parallel lists reused from unit to unit: a unit holds a few calls, and a Map
 * per unit, or emptying a list by `length = 0`, costs more than the whole lookup.
 */
class Calls {
  private readonly ids: string[] = [];
  private readonly kinds: (ToolCallKind | undefined)[] = [];
  private size = 0;
  set(id: string, kind: ToolCallKind | undefined): void {
    this.ids[this.size] = id;
    this.kinds[this.size] = kind;
    this.size++;
  }
  /** The latest call with this id: results answer the nearest call before them. */
  get(id: string): ToolCallKind | undefined {
    for (let k = this.size - 1; k >= 0; k--) if (this.ids[k] === id) return this.kinds[k];
    return undefined;
  }
  clear(): void {
    this.size = 0;
  }
}

/** What one unit was found to hold: parallel lists of type indices and evidence, reused from unit to unit. */
class Found {
  readonly types: number[] = [];
  readonly texts: string[] = [];
  size = 0;
  add(type: ContextUnitType, text: string): void {
    this.types[this.size] = TYPE_INDEX.get(type) as number;
    this.texts[this.size] = text;
    this.size++;
  }
  clear(): void {
    this.size = 0;
  }
}

/** Characters of a text read for fences and plans, and of an unknown tool's output for its shape. */
const TEXT_HEAD = 1000;
const RESULT_HEAD = 400;

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
 * Harness text other than the compact summary adds none either. Long texts are read only in part: 1,000 characters
 * for fences and lists; of each tool output, both ends for error signals (240 characters each, fewer when the
 * transcript holds over 8k results, down to 40: about 4M characters in all) and its head for its shape (twice
 * that, at most 400). `scan` (from `groupMessages`) spares a pass: it says which units hold tool blocks and how
 * many results there are; without it they are counted here.
 * O(total blocks).
 */
export function classifyUnits(
  messages: readonly Message[],
  units: ContextUnits,
  prompts: UserPrompts,
  scan?: MessageScan,
): UnitClassification {
  const resultCount = scan === undefined ? countResults(messages) : scan.ids.length + scan.orphanIds.length;
  const toolUnits = scan === undefined ? undefined : toolUnitsOf(units, scan);
  // The same bounded reading as the TF-IDF index: in a transcript of 50k tool results each is read at its two ends
  // for errors, 40 characters each, instead of 240; a few thousand results are read in full measure.
  const reading: Reading = {
    errorEnds: Math.max(MIN_ERROR_END, Math.min(ERROR_SCAN_END_CHARS, Math.floor(CLASSIFY_TOTAL_CHARS / (2 * Math.max(1, resultCount))))),
    shapeHead: 0,
  };
  reading.shapeHead = Math.max(MIN_SHAPE_HEAD, Math.min(RESULT_HEAD, reading.errorEnds * 2));
  const typeMask = new Uint16Array(units.count);
  const primaryType = new Uint8Array(units.count);
  const evidence = new Array<readonly string[]>(units.count);
  const found = new Found();
  const calls = new Calls();

  for (let u = 0; u < units.count; u++) {
    found.clear();
    calls.clear();
    const start = units.memberStart[u] as number;
    const end = units.memberStart[u + 1] as number;
    let toolUnit = toolUnits !== undefined && toolUnits[u] === 1;
    if (toolUnits === undefined) for (let k = start; k < end && !toolUnit; k++) toolUnit = hasToolBlock(messages[units.members[k] as number] as Message);

    for (let k = start; k < end; k++) {
      const index = units.members[k] as number;
      const message = messages[index] as Message;
      if (message.role === 'user') classifyUserMessage(message, index, prompts, calls, found, reading);
      else classifyAssistantMessage(message, toolUnit, calls, found);
    }

    let mask = 0;
    for (let k = 0; k < found.size; k++) mask |= 1 << (found.types[k] as number);
    if (mask === 0) {
      mask = 1 << MESSAGE;
      found.add('message', 'harness text or empty');
    }
    typeMask[u] = mask;
    let primary = MESSAGE;
    for (const type of BY_PRECEDENCE) {
      if ((mask & (1 << type)) !== 0) {
        primary = type;
        break;
      }
    }
    primaryType[u] = primary;
    evidence[u] = strongestFirst(found);
  }
  return { typeMask, primaryType, evidence };
}

function classifyUserMessage(
  message: Message,
  index: number,
  prompts: UserPrompts,
  calls: Calls,
  found: Found,
  reading: Reading,
): void {
  const typed = prompts.texts.get(index);
  if (typed !== undefined) {
    const { type, text } = typedPromptType(typed, index === prompts.task);
    found.add(type, text);
    readText(typed, found, 'user', false);
  }
  const { content } = message;
  if (!Array.isArray(content)) return;
  for (const block of content) {
    if (block === null || typeof block !== 'object') continue;
    if (block.type === 'text' && typeof block.text === 'string' && isCompactSummary(block.text)) {
      found.add('requirement', 'compact summary');
    } else if (block.type === 'tool_result') {
      classifyResult(block as { tool_use_id?: unknown; content?: unknown; is_error?: unknown }, calls, found, reading);
    }
  }
}

/**
 * The task and the user's instructions and constraints are requirements; acknowledgements ("yes, go ahead"),
 * questions and statements ("I don't remember the reservation ID") are messages.
 */
function typedPromptType(typed: string, isTask: boolean): { type: ContextUnitType; text: string } {
  if (isTask) return { type: 'requirement', text: 'the task (first user prompt)' };
  // A constraint or a request shows in the first lines; a pasted log after them says nothing more of the kind.
  const opening = typed.length > TYPED_HEAD ? typed.slice(0, TYPED_HEAD) : typed;
  const constraint = CONSTRAINT.exec(opening);
  if (constraint !== null) return { type: 'requirement', text: `user constraint "${constraint[0].toLowerCase()}"` };
  if (typed.length <= ACK_MAX_CHARS && ACK.test(typed)) return { type: 'message', text: 'user acknowledgement' };
  if (INSTRUCTION.test(opening)) return { type: 'requirement', text: 'user instruction' };
  return { type: 'message', text: typed.endsWith('?') ? 'user question' : 'user statement' };
}

function classifyAssistantMessage(
  message: Message,
  toolUnit: boolean,
  calls: Calls,
  found: Found,
): void {
  const { content } = message;
  if (typeof content === 'string') {
    if (content.trim() !== '') found.add('message', 'assistant text');
    readText(content, found, 'assistant', toolUnit);
    return;
  }
  if (!Array.isArray(content)) return;
  for (const block of content) {
    if (block === null || typeof block !== 'object') continue;
    const { type } = block;
    if (type === 'text' && typeof block.text === 'string' && block.text.trim() !== '') {
      if (!toolUnit) found.add('message', 'assistant text');
      readText(block.text, found, 'assistant', toolUnit);
    } else if (type === 'thinking' && !toolUnit) {
      found.add('message', 'thinking');
    } else if (type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use') {
      const name = typeof block.name === 'string' ? block.name : 'tool';
      const kind = toolCallKind(name, block.input);
      if (typeof block.id === 'string') calls.set(block.id, kind);
      if (kind !== undefined) found.add(kind.type, kind.evidence);
      else if (type === 'tool_use') found.add('tool_result', resultEvidence(name));
    } else if (typeof type === 'string' && type.endsWith('_tool_result')) {
      if (type === 'web_search_tool_result') found.add('search_result', 'web_search_tool_result');
      else if (type === 'web_fetch_tool_result') found.add('documentation', 'web_fetch_tool_result');
      else found.add('tool_result', type);
    }
  }
}

function classifyResult(
  block: { tool_use_id?: unknown; content?: unknown; is_error?: unknown },
  calls: Calls,
  found: Found,
  reading: Reading,
): void {
  const kind = typeof block.tool_use_id === 'string' ? calls.get(block.tool_use_id) : undefined;
  if (block.is_error === true) found.add('error', 'is_error');
  const text = resultText(block.content);
  // What a dedicated tool (read, search, edit, plan) returns is content or a confirmation: "Error:" in a source
  // file is no failure, and such a tool that fails says so at once. A command's output is also its outcome.
  const returnsContent = kind !== undefined && !kind.shell;
  if (block.is_error !== true) {
    const signal = findErrorSignal(text, returnsContent ? 'tool-failure' : 'any', reading.errorEnds);
    if (signal !== undefined) found.add('error', signal);
  }
  if (kind !== undefined) return;
  // What an unknown tool returned, judged by its first lines; `includes` rules most outputs out before any pattern.
  const head = text.slice(0, reading.shapeHead);
  if ((head.includes('@@') || head.includes('diff --git') || head.includes('*** Begin Patch')) && DIFF_TEXT.test(head)) {
    found.add('diff', 'unified diff');
  } else if (head.startsWith('Web search results')) {
    found.add('search_result', 'web search results');
  } else if (head.includes(':') && count(GREP_LINE, head) >= 2) {
    found.add('search_result', 'grep-style lines');
  } else if ((head.includes('→') || head.includes('\t')) && NUMBERED_FILE_LINE.test(head)) {
    found.add('file', 'numbered file lines');
  } else if (head.includes('#')) {
    const headings = count(HEADING, head);
    if (headings >= 2) found.add('documentation', `markdown document (${headings} headings)`);
  }
}

/** Fences, plans and examples in typed or written text; a plan narrated beside a tool call is part of the call. */
function readText(
  text: string,
  found: Found,
  role: 'user' | 'assistant',
  toolUnit: boolean,
): void {
  const head = text.length > TEXT_HEAD ? text.slice(0, TEXT_HEAD) : text;
  // indexOf finds most texts free of fences and diffs faster than any pattern can say so.
  const fence = head.includes('```') ? FENCE.exec(head) : null;
  if (fence !== null) {
    const language = fence[1] ?? '';
    if (language === 'diff' || language === 'patch') found.add('diff', '```diff block');
    else found.add('snippet', `\`\`\`${language} block`);
  } else if ((head.includes('@@') || head.includes('diff --git') || head.includes('*** Begin Patch')) && DIFF_TEXT.test(head)) {
    found.add('diff', 'unified diff');
  }
  if (!toolUnit && PLAN_WORD.test(head)) {
    const items = count(LIST_ITEM, head);
    if (items >= 3) found.add('requirement', `plan (${items} steps)`);
  }
  if (role === 'user') {
    if (EXAMPLE_WORD.test(head)) found.add('example', 'example in prompt');
    const signal = findErrorSignal(text);
    if (signal !== undefined) found.add('error', `${signal} in prompt`);
  }
}

/** `<name> tool result`, made once per tool name. */
const RESULT_EVIDENCE = new Map<string, string>();
function resultEvidence(name: string): string {
  let text = RESULT_EVIDENCE.get(name);
  if (text === undefined) {
    text = `${name} tool result`;
    if (RESULT_EVIDENCE.size < 4096) RESULT_EVIDENCE.set(name, text);
  }
  return text;
}

function isCompactSummary(text: string): boolean {
  return text.startsWith(COMPACT_SUMMARY_PREFIX) || (text.length > 0 && text.charCodeAt(0) <= 32 && text.trimStart().startsWith(COMPACT_SUMMARY_PREFIX));
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

function strongestFirst(found: Found): readonly string[] {
  const { types, texts, size } = found;
  if (size === 1) {
    const text = texts[0] as string;
    let single = SINGLE.get(text);
    if (single === undefined) {
      single = Object.freeze([text]);
      if (SINGLE.size < 4096) SINGLE.set(text, single);
    }
    return single;
  }
  const order = Array.from({ length: size }, (_, k) => k);
  order.sort((a, b) => (RANK[types[a] as number] as number) - (RANK[types[b] as number] as number) || a - b);
  const out: string[] = [];
  for (const k of order) {
    const text = texts[k] as string;
    if (!out.includes(text)) out.push(text);
    if (out.length === MAX_EVIDENCE) break;
  }
  return out;
}
