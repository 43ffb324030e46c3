import type { ContentBlock } from '../types';
import type { ChangeLog, Part, Piece } from './piece';
import { originOf } from './origin-of';

/** What an answered-for-you call's result says. */
const LOST = 'Tool result missing: the transcript holds no result for this call.';

/**
 * One pass over the turns (runs of pieces of one role, as the API merges them) that makes every `tool_use` answered
 * by the turn right after it, with its results first, and every `tool_result` the answer to a call of the turn right
 * before it. Ids pair the way `linkToolCalls` pairs them, by position: with k results for an id called m times, the
 * last k calls are the answered ones. Returns whether it changed anything; the caller repeats it until it does not,
 * because removing a piece joins the turns around it.
 *
 * Server tools (`server_tool_use` and `*_tool_result` in one assistant turn) are not touched: the API pairs them
 * inside the turn, and removing half of a pair split across turns would orphan the other half.
 */
export function repairToolPairs(pieces: Piece[], answer: boolean, log: ChangeLog): boolean {
  const turns: Piece[][] = [];
  for (const piece of pieces) {
    const last = turns[turns.length - 1];
    if (last !== undefined && last[0]?.role === piece.role) last.push(piece);
    else turns.push([piece]);
  }
  let changed = false;
  const inserts = new Map<Piece, Piece>();

  for (let t = 0; t < turns.length; t++) {
    const turn = turns[t] as Piece[];
    if (turn[0]?.role === 'user') {
      if (t === 0) changed = dropResults(turn, new Map(), log) || changed;
      continue;
    }
    const next = turns[t + 1];
    const calls = partsOf(turn, 'tool_use');
    const called = new Map<string, number>();
    for (const { part } of calls) called.set(idOf(part), (called.get(idOf(part)) ?? 0) + 1);
    const answered = next === undefined ? new Map<string, number>() : countValid(next, called);
    if (next !== undefined) changed = dropResults(next, called, log) || changed;

    // Per id, the first (called − answered) calls are the unanswered ones.
    const unanswered = new Map<string, number>();
    for (const [id, n] of called) unanswered.set(id, n - (answered.get(id) ?? 0));
    // The answers go at the start of the next user message, or in a message of their own when there is none (or it
    // opens with a message kept apart, such as a compact summary).
    const first = next?.[0];
    const holder = first !== undefined && !first.apart && !first.opaque ? first : undefined;
    const lost: ContentBlock[] = [];
    for (const { piece, part } of calls) {
      const id = idOf(part);
      const left = unanswered.get(id) ?? 0;
      if (left === 0) continue;
      unanswered.set(id, left - 1);
      const name = typeof part.block.name === 'string' ? part.block.name : '';
      changed = true;
      if (!answer) {
        removePart(piece, part);
        log({ index: part.from, rule: 'anthropic/tool-use-without-result', detail: `removed the tool_use ${id} (${name}): no tool_result answers it in the next message` });
        continue;
      }
      lost.push({ type: 'tool_result', tool_use_id: id, content: LOST, is_error: true });
      log(
        holder === undefined
          ? { index: part.from, rule: 'anthropic/tool-use-without-result', detail: `answered the tool_use ${id} (${name}) with an is_error tool_result in a new message after it: its result was lost` }
          : { index: originOf(holder), rule: 'anthropic/tool-use-without-result', detail: `added an is_error tool_result for the tool_use ${id} (${name}) before it: its result was lost` },
      );
    }
    if (lost.length > 0) {
      if (holder !== undefined) {
        const at = holder.parts.findIndex((p) => typeOf(p) !== 'tool_result');
        holder.parts.splice(at === -1 ? holder.parts.length : at, 0, ...lost.map((block) => ({ block, from: originOf(holder) })));
        holder.shape = 'blocks';
        holder.changed = true;
      } else {
        const made: Piece = { role: 'user', members: [], source: undefined, parts: lost.map((block) => ({ block, from: -1 })), shape: 'blocks', opaque: false, apart: false, changed: true };
        // After the turn's last message with content: a kept empty final assistant message stays final.
        const after = [...turn].reverse().find((p) => !p.opaque) ?? (turn[turn.length - 1] as Piece);
        inserts.set(first ?? after, made);
      }
    }
    if (next !== undefined) changed = resultsFirst(next, log) || changed;
  }

  for (let k = pieces.length - 1; k >= 0; k--) {
    const piece = pieces[k] as Piece;
    const made = inserts.get(piece);
    if (made !== undefined) pieces.splice(piece.role === 'user' ? k : k + 1, 0, made);
    if (!piece.opaque && piece.parts.length === 0) {
      pieces.splice(pieces.indexOf(piece), 1);
      log({ index: originOf(piece), rule: 'anthropic/empty-content', detail: 'removed the message: the repair left it empty' });
    }
  }
  return changed;
}

function idOf(part: Part): string {
  return (part.block.type === 'tool_use' ? part.block.id : part.block.tool_use_id) as string;
}

/** Input can hold anything in a content list; only objects are blocks. */
function typeOf(part: Part): unknown {
  const block = part.block as unknown;
  return block !== null && typeof block === 'object' ? (block as { type?: unknown }).type : undefined;
}

/** Calls or results with a string id; without one they cannot pair, and the API rejects them for other reasons. */
function partsOf(turn: Piece[], type: 'tool_use' | 'tool_result'): { piece: Piece; part: Part }[] {
  const found: { piece: Piece; part: Part }[] = [];
  for (const piece of turn) {
    for (const part of piece.parts) {
      if (typeOf(part) !== type) continue;
      const key = type === 'tool_use' ? part.block.id : part.block.tool_use_id;
      if (typeof key === 'string') found.push({ piece, part });
    }
  }
  return found;
}

/** Results per id that answer a call: no more than there are calls with that id. */
function countValid(turn: Piece[], called: ReadonlyMap<string, number>): Map<string, number> {
  const valid = new Map<string, number>();
  for (const { part } of partsOf(turn, 'tool_result')) {
    const id = idOf(part);
    const n = valid.get(id) ?? 0;
    if (n < (called.get(id) ?? 0)) valid.set(id, n + 1);
  }
  return valid;
}

/** Removes the results of `turn` that answer no call in `called`, or answer one already answered. */
function dropResults(turn: Piece[], called: ReadonlyMap<string, number>, log: ChangeLog): boolean {
  const seen = new Map<string, number>();
  let changed = false;
  for (const { piece, part } of partsOf(turn, 'tool_result')) {
    const id = idOf(part);
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    const calls = called.get(id) ?? 0;
    if (n < calls) continue;
    removePart(piece, part);
    changed = true;
    log(
      calls > 0
        ? { index: part.from, rule: 'anthropic/duplicate-tool-result', detail: `removed a second tool_result for ${id}: its call is already answered` }
        : { index: part.from, rule: 'anthropic/unexpected-tool-result', detail: `removed the tool_result for ${id}: no tool_use in the message before it has that id` },
    );
  }
  return changed;
}

/** Moves the results of a user turn ahead of its other content, where the API looks for them. */
function resultsFirst(turn: Piece[], log: ChangeLog): boolean {
  let other = false;
  let late = false;
  for (const piece of turn) {
    if (piece.opaque) continue;
    for (const part of piece.parts) {
      if (typeOf(part) !== 'tool_result') other = true;
      else if (other) late = true;
    }
  }
  const first = turn[0] as Piece;
  if (!late || first.opaque) return false;
  const moved: Part[] = [];
  for (const piece of turn) {
    const kept = piece.parts.filter((p) => typeOf(p) !== 'tool_result');
    if (kept.length === piece.parts.length) continue;
    moved.push(...piece.parts.filter((p) => typeOf(p) === 'tool_result'));
    piece.parts = kept;
    piece.shape = 'blocks';
    piece.changed = true;
  }
  first.parts.unshift(...moved);
  // The first message may have held no results itself (the ones moved come from a message kept apart, or behind
  // malformed content): it changed all the same, or it would come back as it was and the results be lost.
  first.shape = 'blocks';
  first.changed = true;
  log({
    index: originOf(first),
    rule: 'anthropic/tool-result-not-first',
    detail: `moved ${moved.length === 1 ? '1 tool_result block' : `${moved.length} tool_result blocks`} to the start of the message, before other content`,
  });
  return true;
}

function removePart(piece: Piece, part: Part): void {
  piece.parts.splice(piece.parts.indexOf(part), 1);
  piece.shape = 'blocks';
  piece.changed = true;
}
