import type { Message } from '../types';
import type { ContextUnitType, EvidenceSink } from './types';
import type { ContextUnits } from './build-context-units';
import type { MessageScan } from '../links/scan-messages';
import type { UserPrompts } from '../text/find-user-prompts';
import { UNIT_TYPES, UNIT_TYPE_PRECEDENCE } from './constants';
import { isCompactSummary } from '../text/is-compact-summary';
import { toolCallKind, type ToolCallKind } from './tool-call-kind';
import { ERROR_SCAN_END_CHARS } from './find-error-signal';
import { classifyTypedPrompt } from './classify-typed-prompt';
import { classifyText } from './classify-text';
import { classifyToolResult, type ResultReading } from './classify-tool-result';

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
/** One shared list per single piece of evidence, the common case: 50k units need not make 50k one-item lists. */
const SINGLE = new Map<string, readonly string[]>();
/** Characters of tool output read for errors (both ends) across a transcript, and the least per end. */
const CLASSIFY_TOTAL_CHARS = 4_000_000;
const MIN_ERROR_END = 40;
const MIN_SHAPE_HEAD = 96;
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
class Found implements EvidenceSink {
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

/** Characters of an unknown tool's output read for its shape, at most. */
const RESULT_HEAD = 400;

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
  const resultCount = scan === undefined ? countResults(messages) : scan.pairs + scan.orphanIds.length;
  const toolUnits = scan === undefined ? undefined : toolUnitsOf(units, scan);
  // The same bounded reading as the TF-IDF index: in a transcript of 50k tool results each is read at its two ends
  // for errors, 40 characters each, instead of 240; a few thousand results are read in full measure.
  const reading: ResultReading = {
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
  reading: ResultReading,
): void {
  const typed = prompts.texts.get(index);
  if (typed !== undefined) {
    const { type, text } = classifyTypedPrompt(typed, index === prompts.task);
    found.add(type, text);
    classifyText(typed, found, 'user', false);
  }
  const { content } = message;
  // Since a compaction is a boundary the summary is a message of its own, often a plain string.
  if (typeof content === 'string' && isCompactSummary(content)) found.add('requirement', 'compact summary');
  if (!Array.isArray(content)) return;
  for (const block of content) {
    if (block === null || typeof block !== 'object') continue;
    if (block.type === 'text' && typeof block.text === 'string' && isCompactSummary(block.text)) {
      found.add('requirement', 'compact summary');
    } else if (block.type === 'tool_result') {
      const id = (block as { tool_use_id?: unknown }).tool_use_id;
      classifyToolResult(block as { content?: unknown; is_error?: unknown }, typeof id === 'string' ? calls.get(id) : undefined, found, reading);
    }
  }
}

function classifyAssistantMessage(
  message: Message,
  toolUnit: boolean,
  calls: Calls,
  found: Found,
): void {
  const { content } = message;
  if (typeof content === 'string') {
    if (hasText(content)) found.add('message', 'assistant text');
    classifyText(content, found, 'assistant', toolUnit);
    return;
  }
  if (!Array.isArray(content)) return;
  for (const block of content) {
    if (block === null || typeof block !== 'object') continue;
    const { type } = block;
    if (type === 'text' && typeof block.text === 'string' && hasText(block.text)) {
      if (!toolUnit) found.add('message', 'assistant text');
      classifyText(block.text, found, 'assistant', toolUnit);
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

/** Whether a text holds anything but blanks, without making a trimmed copy of it. */
function hasText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 32 && code !== 160 && code !== 0x2028 && code !== 0x2029 && code !== 0xfeff) return true;
  }
  return false;
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

function strongestFirst(found: Found): readonly string[] {
  const { types, texts, size } = found;
  // Distinct texts, strongest type first (a stable insertion sort: a unit holds a handful of findings).
  let distinct = 0;
  for (let k = 0; k < size; k++) {
    const text = texts[k] as string;
    const rank = RANK[types[k] as number] as number;
    let at = -1;
    for (let j = 0; j < distinct; j++) if (order[j] !== undefined && texts[order[j] as number] === text) at = j;
    if (at >= 0) {
      if (rank >= (RANK[types[order[at] as number] as number] as number)) continue;
      for (let j = at; j < distinct - 1; j++) order[j] = order[j + 1] as number;
      distinct--;
    }
    let j = distinct;
    while (j > 0 && (RANK[types[order[j - 1] as number] as number] as number) > rank) {
      order[j] = order[j - 1] as number;
      j--;
    }
    order[j] = k;
    distinct++;
  }
  if (distinct === 1) {
    const text = texts[order[0] as number] as string;
    let single = SINGLE.get(text);
    if (single === undefined) {
      single = Object.freeze([text]);
      if (SINGLE.size < 4096) SINGLE.set(text, single);
    }
    return single;
  }
  const out = new Array<string>(Math.min(distinct, MAX_EVIDENCE));
  for (let j = 0; j < out.length; j++) out[j] = texts[order[j] as number] as string;
  return out;
}

/** Scratch for `strongestFirst`: positions of findings in order. */
const order: number[] = [];
