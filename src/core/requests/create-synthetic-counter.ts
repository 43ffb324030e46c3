import type { Message } from '../types';
import type { TokenCounter } from '../tokens/types';
import { countMessageTokens } from '../tokens/count-message-tokens';

/** Keys and token counts of the messages plans send in place of transcript messages or add. */
export interface SyntheticCounter {
  /** The key of a message sent in place of message `source` (-1: of a synthetic message with none). */
  replacementKey(source: number, message: Message): string;
  /** The key of a message a plan added. */
  insertKey(message: Message): string;
  /** Its tokens, counted like the transcript's messages (`countMessageTokens`), once per key. */
  tokens(key: string, message: Message): number;
}

/**
 * Synthetic messages are told apart by content (JSON), so a summary or placeholder that comes out the same in two
 * requests is the same item, as the cache would see it; counts are kept per key, so each distinct one is counted
 * once however many requests send it. Whole, thinking included: only transcript messages have an earlier-turn form.
 */
export function createSyntheticCounter(counter: TokenCounter): SyntheticCounter {
  const counted = new Map<string, number>();
  let unique = 0;
  const json = (message: Message): string => {
    try {
      return JSON.stringify(message) ?? `#${unique++}`;
    } catch {
      // A message that cannot be written as JSON (a cycle) is never the same as another.
      return `#${unique++}`;
    }
  };
  return {
    replacementKey: (source, message) => `r:${source < 0 ? '-' : source}:${json(message)}`,
    insertKey: (message) => `i:${json(message)}`,
    tokens(key, message) {
      let tokens = counted.get(key);
      if (tokens === undefined) {
        tokens = countMessageTokens([message], counter)[0] as number;
        counted.set(key, tokens);
      }
      return tokens;
    },
  };
}
