import type { Message, OrphanBlock, ToolLink, ToolLinks } from './types';
import { BLOCK_BITS, scanToolLinks } from './scan-tool-links';

/**
 * Pairs every tool call with its result by position, the way a real transcript has to be read.
 *
 * A result answers the nearest preceding unanswered call with its id. A global id → call map is not enough:
 * benchmark logs (tau-bench) reuse ids within one conversation, and a map would pair a late result with an
 * early call. Roles are not checked, so a server tool's result in the same assistant message pairs too.
 *
 * Blocks that find no partner (a call never answered, a result that answers nothing, a result placed before
 * its call) are returned as orphans, in input order. Pairs come in the order of their results.
 */
export function linkToolCalls(messages: readonly Message[]): ToolLinks {
  const scan = scanToolLinks(messages);
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
