import type { OrphanBlock, ToolLink, ToolLinks } from '../types';
import { BLOCK_BITS, type MessageScan } from './scan-messages';

/** The pairs and orphans of a scan as objects, orphans sorted by position: what `linkToolCalls` returns. */
export function toolLinksFromScan(scan: MessageScan): ToolLinks {
  const pairs: ToolLink[] = scan.ids.map((id, k) => {
    const blocks = scan.pairBlocks[k] as number;
    const useBlock = Math.floor(blocks / BLOCK_BITS);
    return {
      id,
      useIndex: scan.useIndex[k] as number,
      useBlock,
      resultIndex: scan.resultIndex[k] as number,
      resultBlock: blocks - useBlock * BLOCK_BITS,
    };
  });
  const orphans: OrphanBlock[] = scan.orphanIds.map((id, k) => ({
    id,
    kind: scan.orphanKind[k] as 'use' | 'result',
    messageIndex: scan.orphanIndex[k] as number,
    blockIndex: scan.orphanBlock[k] as number,
  }));
  orphans.sort((a, b) => a.messageIndex - b.messageIndex || a.blockIndex - b.blockIndex);
  return { pairs, orphans };
}
