import type { Message } from '../../src/core/types';
import { linkToolCalls } from '../../src/core/links/link-tool-calls';

/**
 * Orphan blocks of `output` that were not orphans in `input`, compared by block identity (the pruned array
 * holds the input's own objects). An empty list means pruning broke no pair.
 */
export function findAddedOrphans(input: readonly Message[], output: readonly Message[]): string[] {
  const blockAt = (messages: readonly Message[], m: number, b: number): unknown => {
    const content = messages[m]?.content;
    return Array.isArray(content) ? content[b] : undefined;
  };
  const before = new Set(linkToolCalls(input).orphans.map((o) => blockAt(input, o.messageIndex, o.blockIndex)));
  return linkToolCalls(output)
    .orphans.filter((o) => !before.has(blockAt(output, o.messageIndex, o.blockIndex)))
    .map((o) => `${o.kind} ${o.id} at output message ${o.messageIndex} block ${o.blockIndex}`);
}
