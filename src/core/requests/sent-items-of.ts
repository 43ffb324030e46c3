import type { TurnCounts } from './create-turn-counts';
import type { SentItems } from './sent-types';

/** A part of a request: a run `[from, to)` of transcript messages, or one added message by its key and tokens. */
export type SentPart = readonly [from: number, to: number] | { key: string; tokens: number };

/**
 * The items of a request made of runs of transcript messages and added messages, in order, each message in the
 * form the request sends it (keys as `planRequestView` makes them). O(items).
 */
export function sentItemsOf(parts: readonly SentPart[], turnStart: number, counts: TurnCounts): SentItems {
  const items: SentItems = { keys: [], tokens: [], sources: [], total: 0 };
  for (const part of parts) {
    if ('key' in part) {
      items.keys.push(part.key);
      items.tokens.push(part.tokens);
      items.sources.push(-1);
      items.total += part.tokens;
      continue;
    }
    for (let i = part[0]; i < part[1]; i++) {
      const tokens = counts.count(i, turnStart);
      items.keys.push(i < turnStart && !counts.fixed(i) ? -(i + 1) : i);
      items.tokens.push(tokens);
      items.sources.push(i);
      items.total += tokens;
    }
  }
  return items;
}
