import type { MessageScan } from '../links/scan-messages';

/** Per message: 1 when it holds a tool call or result, paired or not, as the scan found them. */
export function markToolBlocks(scan: MessageScan, count: number): Uint8Array {
  const hasToolBlock = new Uint8Array(count);
  // Index loops: a for…of over 50k pairs allocated an iterator result per element until the loop was optimized.
  const { useIndex, resultIndex, orphanIndex } = scan;
  for (let k = 0; k < useIndex.length; k++) hasToolBlock[useIndex[k] as number] = 1;
  for (let k = 0; k < resultIndex.length; k++) hasToolBlock[resultIndex[k] as number] = 1;
  for (let k = 0; k < orphanIndex.length; k++) hasToolBlock[orphanIndex[k] as number] = 1;
  return hasToolBlock;
}
