import type { Message } from '../types';
import { linkToolCalls } from './link-tool-calls';

/** Seed 002's tool pair: the message holding the call and the one holding its result. */
export interface ToolPairIndices {
  useIndex: number;
  resultIndex: number;
}

/**
 * Maps each `tool_use_id` to the index of the message holding the call and of the message holding its result
 * (seed 002 §1). Several calls in one assistant message all map to that message's index.
 *
 * Only answered calls appear. When a conversation reuses an id, the map holds its first pair only: use
 * `linkToolCalls` for every pair and for the orphans.
 */
export function findToolPairs(messages: readonly Message[]): Map<string, ToolPairIndices> {
  const map = new Map<string, ToolPairIndices>();
  const { pairs } = linkToolCalls(messages);
  // pairs come in result order; the first pair of a reused id is the one whose call comes first.
  for (const pair of pairs) {
    const known = map.get(pair.id);
    if (known === undefined || pair.useIndex < known.useIndex) {
      map.set(pair.id, { useIndex: pair.useIndex, resultIndex: pair.resultIndex });
    }
  }
  return map;
}
