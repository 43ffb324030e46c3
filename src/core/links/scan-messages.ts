import type { Message } from '../types';
import { blockTextLength } from '../text/block-text-length';
import { structuredLength } from '../text/structured-length';
import { toolBlockKind } from './tool-block-kind';
import { grown } from '../arrays/grown';

/**
 * Tool links in flat arrays: pair k joins the call in message `useIndex[k]` to the result in message
 * `resultIndex[k]`, and `pairBlocks[k]` packs both block indices (`useBlock · 2²¹ + resultBlock`); its id is the
 * result block's `tool_use_id` (`toolLinksFromScan` reads it there). Orphan k sits at block `orphanBlock[k]` of
 * message `orphanIndex[k]`. Orphans are in scan order (results as met, then unanswered calls), not sorted:
 * `linkToolCalls` sorts them for display.
 */
export interface MessageScan {
  /** Per message: `messageTextLength`, measured in the same pass because a pass over 100k messages is memory-bound. */
  textLength: Float64Array;
  /** Per message: 1 when it holds a tool call or result, paired or not (a call or result in a pair, or an orphan). */
  toolBlock: Uint8Array;
  /** How many pairs: the length of `useIndex`, `resultIndex` and (unless the caller asked for no blocks) `pairBlocks`. */
  pairs: number;
  useIndex: Int32Array;
  resultIndex: Int32Array;
  /** Empty when the scan was asked for no blocks (`scanMessages`' `blocks`). */
  pairBlocks: Float64Array;
  orphanIds: string[];
  orphanKind: ('use' | 'result')[];
  orphanIndex: number[];
  orphanBlock: number[];
  /**
   * Both messages of each pair the API would not accept as one (`glueBrokenTurns`): the call not in an assistant
   * message, or the result not in the turn right after the call's (a turn: a run of messages of one role).
   */
  splitPairMessages: number[];
}

/**
 * An entry point's input check, riding on the scan's own read of the messages (a separate pass over 100k messages
 * costs as much as the scan, both waiting on memory). `message` sees each message, in order, before the scan reads
 * it; `part` sees each block the scan has no shortcut for (a string `type` other than `text`, `tool_use`,
 * `tool_result` and `thinking`), as the scan reads its type: the check of a message's parts needs no loop of its
 * own. Throwing stops the scan.
 */
export interface MessageCheck {
  message(message: unknown, index: number): void;
  part(message: unknown, index: number, type: string): void;
}

/** Packs a (message, block) or (block, block) position in one number: 2²¹ blocks per message is past any API limit. */
export const BLOCK_BITS = 2 ** 21;

const RECENT_CALLS = 64;

/**
 * The one pass over every block of a transcript: tool links and text lengths, each block's type read once. The
 * pairing rule: a result answers the nearest preceding unanswered call with its id. Built for 100k-message
 * transcripts: positions are packed numbers in typed arrays (no per-pair object, no garbage for the collector to
 * copy), and the common case never touches a hash map. `check`, when given, sees each message and unusual block.
 * `blocks: false` leaves `pairBlocks` empty, for a caller that never asks which blocks a pair joins (importance's
 * one-shot plan): at 100k messages it is 0.8 MB allocated and written per call for nothing.
 */
export function scanMessages(messages: readonly Message[], check?: MessageCheck, blocks = true): MessageScan {
  const count = messages.length;
  const textLength = new Float64Array(count);
  const toolBlock = new Uint8Array(count);
  // Per message: twice its turn (runs of one role), plus 1 when an assistant sent it; read when a pair forms. One
  // array, not two: each is a fresh allocation per call, paid in page faults at 100k messages.
  const turn = new Int32Array(count);
  let turns = 0;
  let pairs = 0;
  // One pair per message fits the transcripts agents write (about 0.6), so the arrays are rarely grown: growing
  // from a small start allocated and copied twice their final size.
  let useIndex = new Int32Array(count);
  let resultIndex = new Int32Array(useIndex.length);
  let pairBlocks = new Float64Array(blocks ? count : 0);
  const orphanIds: string[] = [];
  const orphanKind: ('use' | 'result')[] = [];
  const orphanIndex: number[] = [];
  const orphanBlock: number[] = [];
  const splitPairMessages: number[] = [];
  // Unanswered calls: the newest on a short stack, since a result nearly always answers one of the last few
  // calls and a look along a handful of ids costs less than hashing (and the garbage a 50k-entry map churns);
  // older ones spill to a map of id → nearest call, whose reused ids keep their older calls on a side stack.
  // Every stacked call is newer than every mapped one, so the stack is searched first. The stack keeps its own
  // count: an array grown and shrunk on every call and result was reallocated each time.
  const recentIds: string[] = new Array<string>(RECENT_CALLS).fill('');
  const recentAt = new Float64Array(RECENT_CALLS);
  let recent = 0;
  const pending = new Map<string, number>();
  const buried = new Map<string, number[]>();

  let previousRole: unknown;
  for (let m = 0; m < count; m++) {
    // Malformed input (a null where a message should be) is carried through: a null message has no content.
    const message = messages[m];
    if (check !== undefined) check.message(message, m);
    const role = message?.role;
    if (m > 0 && role !== previousRole) turns += 2;
    previousRole = role;
    turn[m] = role === 'assistant' ? turns + 1 : turns;
    const content = message?.content;
    if (!Array.isArray(content)) {
      textLength[m] = typeof content === 'string' ? content.length : 0;
      continue;
    }
    let length = 0;
    for (let b = 0; b < content.length; b++) {
      const block = content[b] as unknown as Record<string, unknown> | null;
      if (block === null || typeof block !== 'object') continue;
      // The commonest types first, each read once; everything else by the shared rules. The naive oracle in the
      // property tests classifies by `toolBlockKind` alone, so these shortcuts cannot drift from it unseen.
      const { type } = block;
      let kind: 'use' | 'result' | undefined;
      if (type === 'text') {
        if (typeof block.text === 'string') length += block.text.length;
        continue;
      } else if (type === 'tool_result') {
        // Property reads here see one block shape, and so stay fast; the shared sizer's see every shape.
        const result = block.content;
        length += typeof result === 'string' ? result.length : blockTextLength(block);
        kind = typeof block.tool_use_id === 'string' ? 'result' : undefined;
      } else if (type === 'tool_use') {
        const { name } = block;
        length += (typeof name === 'string' ? name.length : 0) + structuredLength(block.input, 0);
        kind = typeof block.id === 'string' ? 'use' : undefined;
      } else if (type === 'thinking') {
        if (typeof block.thinking === 'string') length += block.thinking.length;
        continue;
      } else {
        if (check !== undefined && typeof type === 'string') check.part(message, m, type);
        length += blockTextLength(block);
        kind = toolBlockKind(block);
      }
      if (kind === undefined) continue;
      toolBlock[m] = 1;
      if (kind === 'use') {
        if (recent === RECENT_CALLS) {
          for (let k = 0; k < RECENT_CALLS; k++) spill(pending, buried, recentIds[k] as string, recentAt[k] as number);
          recent = 0;
        }
        recentIds[recent] = (block as { id: string }).id;
        recentAt[recent++] = m * BLOCK_BITS + b;
      } else {
        const id = (block as { tool_use_id: string }).tool_use_id;
        // -1 for "not found", never undefined: a number-or-undefined local boxed every position found (a heap
        // number per pair, a megabyte of garbage at 100k messages).
        let top = -1;
        for (let k = recent - 1; k >= 0; k--) {
          if (recentIds[k] !== id) continue;
          top = recentAt[k] as number;
          for (let j = k + 1; j < recent; j++) {
            recentIds[j - 1] = recentIds[j] as string;
            recentAt[j - 1] = recentAt[j] as number;
          }
          recent--;
          break;
        }
        if (top < 0 && pending.size > 0) {
          const spilled = pending.get(id);
          if (spilled !== undefined) {
            top = spilled;
            const next = buried.size === 0 ? undefined : buried.get(id)?.pop();
            if (next === undefined) pending.delete(id);
            else pending.set(id, next);
          }
        }
        if (top < 0) {
          orphanIds.push(id);
          orphanKind.push('result');
          orphanIndex.push(m);
          orphanBlock.push(b);
          continue;
        }
        const callIndex = Math.floor(top / BLOCK_BITS);
        if (pairs === useIndex.length) {
          useIndex = grown(useIndex, new Int32Array(2 * pairs));
          resultIndex = grown(resultIndex, new Int32Array(2 * pairs));
          if (blocks) pairBlocks = grown(pairBlocks, new Float64Array(2 * pairs));
        }
        useIndex[pairs] = callIndex;
        resultIndex[pairs] = m;
        if (blocks) pairBlocks[pairs] = (top - callIndex * BLOCK_BITS) * BLOCK_BITS + b;
        pairs++;
        // A client tool is answered in the next turn, a server tool in its own; both are called by the assistant.
        const called = turn[callIndex] as number;
        if (((turn[m] as number) >> 1) - (called >> 1) > 1 || (called & 1) === 0) splitPairMessages.push(callIndex, m);
      }
    }
    textLength[m] = length;
  }
  for (let k = 0; k < recent; k++) spill(pending, buried, recentIds[k] as string, recentAt[k] as number);

  const unanswered = (id: string, at: number) => {
    const index = Math.floor(at / BLOCK_BITS);
    orphanIds.push(id);
    orphanKind.push('use');
    orphanIndex.push(index);
    orphanBlock.push(at - index * BLOCK_BITS);
  };
  for (const [id, at] of pending) unanswered(id, at);
  for (const [id, stack] of buried) for (const at of stack) unanswered(id, at);
  return {
    textLength,
    toolBlock,
    pairs,
    useIndex: useIndex.subarray(0, pairs),
    resultIndex: resultIndex.subarray(0, pairs),
    pairBlocks: pairBlocks.subarray(0, pairs),
    orphanIds,
    orphanKind,
    orphanIndex,
    orphanBlock,
    splitPairMessages,
  };
}

/** Moves a call into the map, burying the id's previous nearest call beneath it. */
function spill(pending: Map<string, number>, buried: Map<string, number[]>, id: string, at: number): void {
  const top = pending.get(id);
  if (top !== undefined) {
    const stack = buried.get(id);
    if (stack) stack.push(top);
    else buried.set(id, [top]);
  }
  pending.set(id, at);
}
