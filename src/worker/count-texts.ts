/**
 * What a counting worker needs to count a share of the messages: the texts the vocabulary must count, and per message
 * everything else (framing, images, ciphertext), which needs no vocabulary. Structured-cloning the messages themselves
 * to a counting worker cost more than a second each way on a 100 MB transcript (an object graph, walked on both
 * sides); an array of strings is copied flat.
 */
import { countMessageTokens, type Message, type TokenCounter, type TokenEncoding } from '../core';

export interface CountTexts {
  /** Per message of the share: its tokens apart from the texts below. */
  fixed: Float64Array;
  /** Every text the vocabulary counts, in order. */
  texts: string[];
  /** Per text: the message of the share (0-based from `from`) whose count it adds to. */
  owner: Int32Array;
}

/**
 * The texts of messages `from`…`to` and the rest of their counts, for `encoding`'s framing. Counting `texts` with a
 * counter of that encoding and adding each to `fixed[owner[k]]` gives exactly `countMessageTokens` (its counts are
 * sums of framing and one `count` per text).
 */
export function collectCountTexts(messages: readonly Message[], encoding: TokenEncoding, from = 0, to = messages.length): CountTexts {
  const texts: string[] = [];
  const owners: number[] = [];
  let current = 0;
  const recorder: TokenCounter = {
    encoding,
    count(text) {
      if (text.length > 0) {
        texts.push(text);
        owners.push(current);
      }
      return 0;
    },
  };
  const fixed = new Float64Array(to - from);
  for (let i = from; i < to; i++) {
    current = i - from;
    fixed[current] = countMessageTokens(messages, recorder, { from: i, to: i + 1 })[0] as number;
  }
  return { fixed, texts, owner: Int32Array.from(owners) };
}

/** The counts `collectCountTexts` stands for, with a real counter. */
export function countCollected({ fixed, texts, owner }: CountTexts, counter: Pick<TokenCounter, 'count'>): Float64Array {
  const tokens = Float64Array.from(fixed);
  for (let k = 0; k < texts.length; k++) tokens[owner[k] as number] = (tokens[owner[k] as number] as number) + counter.count(texts[k] as string);
  return tokens;
}
