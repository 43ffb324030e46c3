import type { ContentBlock, Message } from '../types';
import { identifyShape } from './identify-shape';
import type { ForeignShape } from './foreign-shape';
import { foreignShapeError } from './foreign-shape-error';
import { itemSide } from './item-side';
import { pushItemBlocks } from './push-item-blocks';
import { PART_ECOSYSTEM } from './part-ecosystem';
import { lazyView, type ViewSource } from './lazy-view';
import type { MessageView } from './message-view';

/** Block types of the Anthropic shape: an item of one of these types was meant for `pruneMessages`. */
const CANONICAL = new Set(['text', 'tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'image', 'server_tool_use']);

/**
 * The canonical view of OpenAI Responses input items: each maximal run of the model's output items (reasoning,
 * assistant messages, tool calls) is one assistant view message, each run of the caller's (user messages, tool
 * outputs) one user view message, with the blocks of `pushItemBlocks`, item by item. A run is kept or dropped whole, so a
 * reasoning item is never parted from the items it precedes (the API refuses either without the other), and a call
 * pairs with its output by `call_id` as the core pairs tool ids. System and developer messages, added tools and
 * compaction items are outside the view. O(items); every item is checked here, and a view message built only when
 * read (a lazy view).
 *
 * @throws {TypeError} for an item of another API (naming the index and the entry point that takes it)
 */
export function responsesView(items: readonly unknown[], caller: string): MessageView {
  if (!Array.isArray(items)) throw new TypeError(`${caller}: items must be an array, got ${items === null ? 'null' : typeof items}`);
  const n = items.length;
  const owner = new Int32Array(n);
  // Per run (at most one per item): its first item, one past its last, and whether it is the model's (1).
  const firsts = new Int32Array(n);
  const ends = new Int32Array(n);
  const output = new Uint8Array(n);
  let runs = 0;
  // The open run's side: 0 none (before the first, after an outside item), 1 the model's, 2 the caller's. A number
  // in a plain loop: a closure over it made every read and write of the loop a context slot's.
  let side = 0;
  for (let i = 0; i < n; i++) {
    const item = items[i];
    checkItem(item, i, caller);
    const sideOf = itemSide(item);
    if (sideOf === 'outside') {
      if (side !== 0) ends[runs - 1] = i;
      side = 0;
      owner[i] = -1;
      continue;
    }
    const wanted = sideOf === 'output' ? 1 : sideOf === 'input' ? 2 : side === 0 ? 1 : side;
    if (wanted !== side) {
      if (side !== 0) ends[runs - 1] = i;
      side = wanted;
      output[runs] = wanted === 1 ? 1 : 0;
      firsts[runs++] = i;
    }
    owner[i] = runs - 1;
  }
  if (side !== 0) ends[runs - 1] = n;
  const first = firsts.subarray(0, runs);
  const end = ends.subarray(0, runs);
  return lazyView(owner, first, end, new ResponsesSource(items, first, end, output));
}

/** Builds a run's view message: its items' blocks, in order (the codec finds which item a block stands for). */
class ResponsesSource implements ViewSource {
  /** One instance for the life of the class, to keep its map alive (see `lazyView`'s class). */
  static readonly keepMap: unknown = new ResponsesSource([], new Int32Array(0), new Int32Array(0), new Uint8Array(0));

  constructor(
    private readonly items: readonly unknown[],
    private readonly first: Int32Array,
    private readonly end: Int32Array,
    private readonly output: Uint8Array,
  ) {}

  build(v: number): Message {
    const role = this.output[v] === 1 ? 'assistant' : 'user';
    const start = this.first[v] as number;
    const stop = this.end[v] as number;
    // One list for the run, every item's blocks pushed onto it.
    const blocks: ContentBlock[] = [];
    for (let i = start; i < stop; i++) pushItemBlocks(this.items[i], blocks);
    return { role, content: blocks };
  }
}

function checkItem(item: unknown, i: number, caller: string): void {
  if (item === null || typeof item !== 'object') {
    throw new TypeError(`${caller}: items[${i}] is ${item === null ? 'null' : typeof item}; expected a Responses input item`);
  }
  const { type, role } = item as { type?: unknown; role?: unknown };
  // The commonest Responses types are no Anthropic block type: they skip the set's look-up.
  const canonicalType = typeof type === 'string' && type !== 'function_call' && type !== 'function_call_output' && type !== 'message' && type !== 'reasoning' && CANONICAL.has(type);
  const chatOrSdk = role === 'tool' || role === 'function' || 'tool_calls' in item || 'tool_call_id' in item;
  let shape: ForeignShape | undefined = canonicalType ? { ecosystem: 'anthropic-messages', evidence: `type '${String(type)}'` } : undefined;
  if (shape === undefined && (chatOrSdk || ((type === undefined || type === 'message') && mayBeForeign(item as Record<string, unknown>)))) {
    const found = identifyShape(item);
    if (found !== undefined && found.ecosystem !== 'responses-input') shape = found;
  }
  if (shape === undefined && chatOrSdk) shape = { ecosystem: 'chat-completions', evidence: `role ${JSON.stringify(role)}` };
  if (shape !== undefined) throw foreignShapeError(caller, i, shape, 'items');
}

/**
 * Whether `identifyShape` could call a message item another API's: a developer role or a `function_call` field, or
 * a part of a type another API has. A message of Responses parts only (and types nobody has) is read no further:
 * the full identification built an answer, its evidence text included, for every message of every prune.
 */
function mayBeForeign(item: Record<string, unknown>): boolean {
  const { content } = item;
  if (!Array.isArray(content)) return false;
  if (item.role === 'developer' || item.function_call !== undefined) return true;
  for (const part of content) {
    const type = part !== null && typeof part === 'object' ? (part as { type?: unknown }).type : undefined;
    if (typeof type !== 'string' || type === 'input_text' || type === 'output_text') continue;
    const ecosystem = PART_ECOSYSTEM.get(type);
    if (ecosystem !== undefined && ecosystem !== 'responses-input') return true;
  }
  return false;
}
