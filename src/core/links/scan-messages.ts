import type { Message } from '../types';
import { blockTextLength } from '../text/block-text-length';
import { toolBlockKind } from './tool-block-kind';

/**
 * Tool links in flat arrays: pair k joins the call in message `useIndex[k]` to the result in message
 * `resultIndex[k]`, and `pairBlocks[k]` packs both block indices (`useBlock · 2²¹ + resultBlock`). Orphan k
 * sits at block `orphanBlock[k]` of message `orphanIndex[k]`. Orphans are in scan order (results as met, then
 * unanswered calls), not sorted: `linkToolCalls` sorts them for display.
 */
export interface MessageScan {
  /** Per message: `messageTextLength`, measured in the same pass because a pass over 100k messages is memory-bound. */
  textLength: Float64Array;
  ids: string[];
  useIndex: number[];
  resultIndex: number[];
  pairBlocks: number[];
  orphanIds: string[];
  orphanKind: ('use' | 'result')[];
  orphanIndex: number[];
  orphanBlock: number[];
}

/** Packs a (message, block) or (block, block) position in one number: 2²¹ blocks per message is past any API limit. */
export const BLOCK_BITS = 2 ** 21;

const RECENT_CALLS = 64;


/**
 * The one pass over every block of a transcript: tool links and text lengths. The pairing rule: a result answers the nearest preceding unanswered call with its id.
 * Built for 100k-message transcripts: positions are packed numbers, plain arrays grow without per-pair objects,
 * and the common case never touches a hash map.
 */
export function scanMessages(messages: readonly Message[]): MessageScan {
  const textLength = new Float64Array(messages.length);
  const ids: string[] = [];
  const useIndex: number[] = [];
  const resultIndex: number[] = [];
  const pairBlocks: number[] = [];
  const orphanIds: string[] = [];
  const orphanKind: ('use' | 'result')[] = [];
  const orphanIndex: number[] = [];
  const orphanBlock: number[] = [];
  // Unanswered calls: the newest on a short stack, since a result nearly always answers one of the last few
  // calls and a look along a handful of ids costs less than hashing (and the garbage a 50k-entry map churns);
  // older ones spill to a map of id → nearest call, whose reused ids keep their older calls on a side stack.
  // Every stacked call is newer than every mapped one, so the stack is searched first.
  const recentIds: string[] = [];
  const recentAt: number[] = [];
  const pending = new Map<string, number>();
  const buried = new Map<string, number[]>();

  for (let m = 0; m < messages.length; m++) {
    // Malformed input (a null where a message should be) is carried through: a null message has no content.
    const content = messages[m]?.content;
    if (!Array.isArray(content)) {
      textLength[m] = typeof content === 'string' ? content.length : 0;
      continue;
    }
    let length = 0;
    for (let b = 0; b < content.length; b++) {
      const block = content[b] as unknown as Record<string, unknown> | null;
      if (block === null || typeof block !== 'object') continue;
      // The three commonest types first, each read once; everything else by the shared rules. The naive oracle in
      // the property tests classifies by `toolBlockKind` alone, so these shortcuts cannot drift from it unseen.
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
        length += blockTextLength(block);
        kind = typeof block.id === 'string' ? 'use' : undefined;
      } else {
        length += blockTextLength(block);
        kind = toolBlockKind(block);
      }
      if (kind === 'use') {
        if (recentIds.length === RECENT_CALLS) {
          for (let k = 0; k < RECENT_CALLS; k++) spill(pending, buried, recentIds[k] as string, recentAt[k] as number);
          recentIds.length = 0;
          recentAt.length = 0;
        }
        recentIds.push((block as { id: string }).id);
        recentAt.push(m * BLOCK_BITS + b);
      } else if (kind === 'result') {
        const id = (block as { tool_use_id: string }).tool_use_id;
        let top: number | undefined;
        for (let k = recentIds.length - 1; k >= 0; k--) {
          if (recentIds[k] !== id) continue;
          top = recentAt[k] as number;
          if (k === recentIds.length - 1) {
            recentIds.pop();
            recentAt.pop();
          } else {
            recentIds.splice(k, 1);
            recentAt.splice(k, 1);
          }
          break;
        }
        if (top === undefined && pending.size > 0) {
          top = pending.get(id);
          if (top !== undefined) {
            const next = buried.size === 0 ? undefined : buried.get(id)?.pop();
            if (next === undefined) pending.delete(id);
            else pending.set(id, next);
          }
        }
        if (top === undefined) {
          orphanIds.push(id);
          orphanKind.push('result');
          orphanIndex.push(m);
          orphanBlock.push(b);
          continue;
        }
        const callIndex = Math.floor(top / BLOCK_BITS);
        ids.push(id);
        useIndex.push(callIndex);
        resultIndex.push(m);
        pairBlocks.push((top - callIndex * BLOCK_BITS) * BLOCK_BITS + b);
      }
    }
    textLength[m] = length;
  }
  for (let k = 0; k < recentIds.length; k++) spill(pending, buried, recentIds[k] as string, recentAt[k] as number);

  const unanswered = (id: string, at: number) => {
    const index = Math.floor(at / BLOCK_BITS);
    orphanIds.push(id);
    orphanKind.push('use');
    orphanIndex.push(index);
    orphanBlock.push(at - index * BLOCK_BITS);
  };
  for (const [id, at] of pending) unanswered(id, at);
  for (const [id, stack] of buried) for (const at of stack) unanswered(id, at);
  return { textLength, ids, useIndex, resultIndex, pairBlocks, orphanIds, orphanKind, orphanIndex, orphanBlock };
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
