import type { Continuation, SentItems } from './sent-types';

/** How `current` continues `previous`, item by item from the start. O(items). */
export function compareSentItems(previous: SentItems, current: SentItems): Continuation {
  const shared = Math.min(previous.keys.length, current.keys.length);
  let common = 0;
  let k = 0;
  for (; k < shared && previous.keys[k] === current.keys[k]; k++) common += current.tokens[k] as number;
  return { common, extends: k === previous.keys.length };
}
