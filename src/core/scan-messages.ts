import type { Message } from './types';
import { toolBlockKind } from './tool-block-kind';

/**
 * Tool links in flat arrays: pair k joins the call in message `useIndex[k]` to the result in message
 * `resultIndex[k]`, and `pairBlocks[k]` packs both block indices (`useBlock · 2²¹ + resultBlock`). Orphan k
 * sits at block `orphanBlock[k]` of message `orphanIndex[k]`. Orphans are in scan order (results as met, then
 * unanswered calls), not sorted: `linkToolCalls` sorts them for display.
 */
export interface ScannedToolLinks {
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


/**
 * The pairing pass behind every strategy: a result answers the nearest preceding unanswered call with its id.
 * Built for 100k-message transcripts: positions are packed numbers, plain arrays grow without per-pair objects,
 * and the map holds only unanswered calls, so it stays small.
 */
export function scanToolLinks(messages: readonly Message[]): ScannedToolLinks {
  const ids: string[] = [];
  const useIndex: number[] = [];
  const resultIndex: number[] = [];
  const pairBlocks: number[] = [];
  const orphanIds: string[] = [];
  const orphanKind: ('use' | 'result')[] = [];
  const orphanIndex: number[] = [];
  const orphanBlock: number[] = [];
  // id → its nearest unanswered call; a reused id's older unanswered calls wait on a side stack.
  const pending = new Map<string, number>();
  const buried = new Map<string, number[]>();

  for (let m = 0; m < messages.length; m++) {
    const content = (messages[m] as Message).content;
    if (!Array.isArray(content)) continue;
    for (let b = 0; b < content.length; b++) {
      const block: unknown = content[b];
      const kind = toolBlockKind(block);
      if (kind === 'use') {
        const id = (block as { id: string }).id;
        const top = pending.get(id);
        if (top !== undefined) {
          const stack = buried.get(id);
          if (stack) stack.push(top);
          else buried.set(id, [top]);
        }
        pending.set(id, m * BLOCK_BITS + b);
      } else if (kind === 'result') {
        const id = (block as { tool_use_id: string }).tool_use_id;
        const top = pending.get(id);
        if (top === undefined) {
          orphanIds.push(id);
          orphanKind.push('result');
          orphanIndex.push(m);
          orphanBlock.push(b);
          continue;
        }
        const next = buried.size === 0 ? undefined : buried.get(id)?.pop();
        if (next === undefined) pending.delete(id);
        else pending.set(id, next);
        const callIndex = Math.floor(top / BLOCK_BITS);
        ids.push(id);
        useIndex.push(callIndex);
        resultIndex.push(m);
        pairBlocks.push((top - callIndex * BLOCK_BITS) * BLOCK_BITS + b);
      }
    }
  }

  const unanswered = (id: string, at: number) => {
    const index = Math.floor(at / BLOCK_BITS);
    orphanIds.push(id);
    orphanKind.push('use');
    orphanIndex.push(index);
    orphanBlock.push(at - index * BLOCK_BITS);
  };
  for (const [id, at] of pending) unanswered(id, at);
  for (const [id, stack] of buried) for (const at of stack) unanswered(id, at);
  return { ids, useIndex, resultIndex, pairBlocks, orphanIds, orphanKind, orphanIndex, orphanBlock };
}
