import type { Message, OrphanBlock, ToolLink, ToolLinks } from '../types';
import { BLOCK_BITS, type MessageScan } from './scan-messages';

/**
 * The pairs and orphans of a scan of `messages` as objects, orphans sorted by position: what `linkToolCalls`
 * returns. A pair's id is read from its result block.
 */
export function toolLinksFromScan(scan: MessageScan, messages: readonly Message[]): ToolLinks {
  const pairs: ToolLink[] = new Array<ToolLink>(scan.pairs);
  for (let k = 0; k < scan.pairs; k++) {
    const blocks = scan.pairBlocks[k] as number;
    const useBlock = Math.floor(blocks / BLOCK_BITS);
    const resultIndex = scan.resultIndex[k] as number;
    const resultBlock = blocks - useBlock * BLOCK_BITS;
    const content = messages[resultIndex]?.content as readonly { tool_use_id?: string }[];
    pairs[k] = { id: content[resultBlock]?.tool_use_id as string, useIndex: scan.useIndex[k] as number, useBlock, resultIndex, resultBlock };
  }
  const orphans: OrphanBlock[] = scan.orphanIds.map((id, k) => ({
    id,
    kind: scan.orphanKind[k] as 'use' | 'result',
    messageIndex: scan.orphanIndex[k] as number,
    blockIndex: scan.orphanBlock[k] as number,
  }));
  orphans.sort((a, b) => a.messageIndex - b.messageIndex || a.blockIndex - b.blockIndex);
  return { pairs, orphans };
}
