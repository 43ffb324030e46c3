import type { ContentBlock, Message } from '../types';
import { checkCanonicalMessages } from '../shapes/check-canonical-messages';
import type { ChangeLog, Part, Piece } from './piece';
import { originOf } from './origin-of';
import { repairToolPairs } from './repair-tool-pairs';
import type { RepairChange, RepairOptions, RepairResult } from './types';

/** `repairMessages`' result with, for each output message, every input message merged into it. */
export interface RepairPlan extends RepairResult {
  members: number[][];
}

/**
 * The work behind `repairMessages` and `repairConversation` (see `repairMessages` for what it does and why).
 *
 * Order matters: blank blocks go first (so a message of only "\n\n" is gone before pairing looks at roles), then
 * merging and pairing repeat until pairing changes nothing (removing a message joins the turns around it), and the
 * final message's trailing whitespace is trimmed last, once the final message is known.
 */
export function planRepair(messages: readonly Message[], options: RepairOptions, caller: string): RepairPlan {
  const answer = checkOptions(messages, options, caller);
  const changes: RepairChange[] = [];
  const log: ChangeLog = (change) => changes.push(change);
  const apart = new Set(options.keepApart ?? []);

  const pieces: Piece[] = [];
  messages.forEach((message, index) => {
    const piece = cleanPiece(message, index, apart.has(index), index === messages.length - 1, log);
    if (piece !== undefined) pieces.push(piece);
  });
  // Each pass removes or answers something, or reports no change; the bound only guards against a bug looping.
  for (let pass = 0; pass <= messages.length + 2; pass++) {
    mergeRuns(pieces, log);
    if (!repairToolPairs(pieces, answer, log)) break;
  }
  trimFinal(pieces, log);

  // Stable: changes to one message stay in the order they were made.
  const order = changes.map((change, k) => ({ change, k })).sort((a, b) => a.change.index - b.change.index || a.k - b.k);
  return {
    messages: pieces.map(toMessage),
    changes: order.map(({ change }) => change),
    origin: pieces.map(originOf),
    members: pieces.map((piece) => [...piece.members]),
  };
}

function checkOptions(messages: readonly Message[], options: RepairOptions, caller: string): boolean {
  checkCanonicalMessages(messages, caller);
  messages.forEach((message, k) => {
    // A repair reads every message's role: a null or a number is no message at all.
    if (message === null || typeof message !== 'object' || Array.isArray(message)) {
      throw new TypeError(`${caller}: messages[${k}].role must be 'user' or 'assistant', got ${JSON.stringify(message) ?? 'undefined'}`);
    }
  });
  const { unansweredCalls = 'remove', keepApart = [] } = options;
  if (unansweredCalls !== 'remove' && unansweredCalls !== 'answer') {
    throw new TypeError(`${caller}: options.unansweredCalls must be 'remove' or 'answer', got ${JSON.stringify(unansweredCalls)}`);
  }
  if (!Array.isArray(keepApart)) throw new TypeError(`${caller}: options.keepApart must be an array of message indexes`);
  keepApart.forEach((index, k) => {
    if (!Number.isInteger(index) || index < 0 || index >= messages.length) {
      throw new RangeError(
        `${caller}: options.keepApart[${k}] must be an integer from 0 to ${messages.length - 1}, got ${JSON.stringify(index)}`,
      );
    }
  });
  return unansweredCalls === 'answer';
}

function isText(block: unknown): block is { type: 'text'; text: string } {
  return block !== null && typeof block === 'object' && (block as { type?: unknown }).type === 'text' && typeof (block as { text?: unknown }).text === 'string';
}

/**
 * The message as a piece, without blank text and tool blocks in the wrong role; `undefined` when nothing is left.
 * An empty final assistant message is valid (a prefill the API continues) and is kept as it is.
 */
function cleanPiece(message: Message, index: number, apart: boolean, final: boolean, log: ChangeLog): Piece | undefined {
  const { role, content } = message;
  const piece: Piece = { role, members: [index], source: message, parts: [], shape: 'blocks', opaque: false, apart, changed: false };
  const nothing = content === '' || (Array.isArray(content) && content.length === 0);
  if (nothing && final && role === 'assistant') return { ...piece, opaque: true };
  if (typeof content === 'string') {
    if (content.trim() !== '') return { ...piece, parts: [{ block: { type: 'text', text: content }, from: index }], shape: 'string' };
    log(
      content === ''
        ? { index, rule: 'anthropic/empty-content', detail: 'removed the message: it was empty' }
        : { index, rule: 'anthropic/whitespace-text-block', detail: 'removed the message: its text is only whitespace' },
    );
    return undefined;
  }
  if (!Array.isArray(content)) return { ...piece, opaque: true };
  if (content.length === 0) {
    log({ index, rule: 'anthropic/empty-content', detail: 'removed the message: it was empty' });
    return undefined;
  }
  let blank = 0;
  let empty = 0;
  for (const block of content as unknown[]) {
    if (isText(block) && block.text.trim() === '') {
      if (block.text === '') empty++;
      else blank++;
      continue;
    }
    const misplaced = misplacedBlock(block, role);
    if (misplaced !== undefined) {
      log({ index, rule: 'repair/misplaced-tool-block', detail: misplaced });
      continue;
    }
    piece.parts.push({ block: block as ContentBlock, from: index });
  }
  if (blank > 0) log({ index, rule: 'anthropic/whitespace-text-block', detail: `removed ${blank === 1 ? 'a whitespace-only text block' : `${blank} whitespace-only text blocks`}` });
  if (empty > 0) log({ index, rule: 'anthropic/empty-text-block', detail: `removed ${empty === 1 ? 'an empty text block' : `${empty} empty text blocks`}` });
  piece.changed = piece.parts.length !== content.length;
  if (piece.parts.length > 0) return piece;
  log({ index, rule: 'anthropic/empty-content', detail: 'removed the message: the repair left it empty' });
  return undefined;
}

/** A `tool_use` only the assistant writes, a `tool_result` only the user sends: either in the other role pairs with nothing. */
function misplacedBlock(block: unknown, role: Message['role']): string | undefined {
  if (block === null || typeof block !== 'object') return undefined;
  const b = block as Record<string, unknown>;
  if (role === 'user' && b.type === 'tool_use' && typeof b.id === 'string') return `removed the tool_use ${b.id} from a user message`;
  if (role === 'assistant' && b.type === 'tool_result' && typeof b.tool_use_id === 'string') {
    return `removed the tool_result for ${b.tool_use_id} from an assistant message`;
  }
  return undefined;
}

/** Consecutive pieces of one role become one, as the API would read them, unless the later one is kept apart. */
function mergeRuns(pieces: Piece[], log: ChangeLog): void {
  for (let k = pieces.length - 1; k > 0; k--) {
    const piece = pieces[k] as Piece;
    const before = pieces[k - 1] as Piece;
    if (piece.role !== before.role || piece.apart || piece.opaque || before.opaque) continue;
    for (const index of piece.members) {
      log({ index, rule: 'repair/merge-same-role', detail: `merged into the ${piece.role} message before it (input ${originOf(before)})` });
    }
    before.parts.push(...piece.parts);
    before.members.push(...piece.members);
    before.shape = 'blocks';
    before.changed = true;
    pieces.splice(k, 1);
  }
}

/** The API rejects a final assistant message whose text ends in whitespace. */
function trimFinal(pieces: Piece[], log: ChangeLog): void {
  const last = pieces[pieces.length - 1];
  if (last?.role !== 'assistant' || last.opaque) return;
  const part = last.parts[last.parts.length - 1] as Part;
  if (!isText(part.block) || !/\s$/.test(part.block.text)) return;
  last.parts[last.parts.length - 1] = { block: { ...part.block, text: part.block.text.trimEnd() }, from: part.from };
  last.changed = true;
  log({ index: originOf(last), rule: 'anthropic/final-assistant-trailing-whitespace', detail: 'trimmed the trailing whitespace of the final assistant message' });
}

function toMessage(piece: Piece): Message {
  if (!piece.changed && piece.source !== undefined) return piece.source;
  const first = piece.parts[0]?.block;
  const content = piece.shape === 'string' && isText(first) ? first.text : piece.parts.map((part) => part.block);
  return piece.source === undefined ? { role: piece.role, content } : { ...piece.source, role: piece.role, content };
}
