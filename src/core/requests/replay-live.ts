import type { Message } from '../types';
import type { ReplayTrigger } from './types';
import type { ReplayContext, ReplayPlanner } from './replay-context';
import type { ItemKey, SentShapes } from './sent-types';
import { itemsFromPlan } from './items-from-plan';
import { planEntries } from './plan-entries';
import { triggerFires } from './trigger-fires';

/**
 * A live agent under a strategy: it continues from what it sent, appending each new message, and prunes what it
 * holds only when `trigger` fires before a request (its input, fixed part included, over a number of tokens or a
 * fraction of the window, or every k-th request). A plan sees the context as the agent holds it, earlier summaries
 * and placeholders included, and its output is what the agent holds from then on. The agent's own compaction (a new
 * context start) restarts the context from the transcript.
 *
 * O(1) per request between prunes; a prune costs an analysis and a plan of the context, which the strategy's bound
 * keeps small. A strategy that cannot bring the context under the trigger (masking keeps every message) prunes
 * before every request, each over the whole context.
 */
export function replayLive(context: ReplayContext, planner: ReplayPlanner | undefined, trigger: ReplayTrigger, fixed: number): SentShapes {
  const { requests, counts, messages } = context;
  const { count } = requests;
  const shapes: SentShapes = { sent: new Float64Array(count), common: new Float64Array(count), extends: new Uint8Array(count), follows: new Uint8Array(count) };
  const follows = shapes.follows as Uint8Array;
  let keys: ItemKey[] = [];
  let tokens: number[] = [];
  let sources: number[] = [];
  let held: Message[] = [];
  let total = 0;
  const position = new Int32Array(messages.length).fill(-1);
  let start = -1;
  let end = 0;
  let turnStart = 0;
  let previousLength = 0;
  let previousTotal = 0;

  const append = (i: number): void => {
    const full = i >= turnStart || counts.fixed(i);
    position[i] = keys.length;
    keys.push(full ? i : -(i + 1));
    const count_ = counts.count(i, turnStart);
    tokens.push(count_);
    sources.push(i);
    held.push(messages[i] as Message);
    total += count_;
  };
  const forget = (): void => {
    for (let k = 0; k < keys.length; k++) if (typeof keys[k] === 'number') position[sources[k] as number] = -1;
  };

  for (let r = 0; r < count; r++) {
    const s = requests.contextStart[r] as number;
    const a = requests.messageIndex[r] as number;
    let changedAt = Infinity;
    let oldKeys: ItemKey[] | undefined;
    if (s !== start) {
      // A new context: nothing the previous request sent is held, so compare against its items as they were.
      oldKeys = keys;
      forget();
      keys = [];
      tokens = [];
      sources = [];
      held = [];
      total = 0;
      start = s;
      end = s;
      turnStart = requests.turnStart[r] as number;
      changedAt = 0;
    } else {
      const nextTurn = requests.turnStart[r] as number;
      if (counts.varies && nextTurn > turnStart) {
        // Earlier turns' thinking leaves the messages the new turn put behind it: they change in place.
        for (let i = counts.firstDiffering(turnStart, nextTurn); i < nextTurn; i = counts.firstDiffering(i + 1, nextTurn)) {
          const k = position[i] as number;
          if (k < 0 || keys[k] !== i) continue;
          changedAt = Math.min(changedAt, k);
          keys[k] = -(i + 1);
          const shrunk = counts.count(i, nextTurn);
          total += shrunk - (tokens[k] as number);
          tokens[k] = shrunk;
        }
      }
      turnStart = nextTurn;
    }
    for (; end < a; end++) append(end);

    if (planner !== undefined && triggerFires(trigger, r, fixed + total) && !planner.keepsEverything(keys.length, total, held)) {
      const entries = keys.map((key, k) => ({ key, tokens: tokens[k] as number, source: sources[k] as number }));
      const items = itemsFromPlan(planEntries(held, entries, planner, context.counter), held, entries, context.synthetic);
      // Before `changedAt` the held items are still the previous request's: the plan's first change among them.
      const limit = Math.min(changedAt, previousLength, items.keys.length);
      let k = 0;
      while (k < limit && items.keys[k] === keys[k]) k++;
      if (k < limit || k === items.keys.length) changedAt = Math.min(changedAt, k);
      forget();
      ({ keys, tokens, sources } = items);
      held = items.messages;
      total = items.total;
      for (let k2 = 0; k2 < keys.length; k2++) if (typeof keys[k2] === 'number') position[sources[k2] as number] = k2;
    }

    if (oldKeys !== undefined) {
      // After a new context start: how much of the previous request's items the new context begins with.
      let k = 0;
      const limit = Math.min(previousLength, keys.length);
      while (k < limit && oldKeys[k] === keys[k]) k++;
      changedAt = k;
    }
    const extends_ = changedAt >= previousLength;
    let common = previousTotal;
    if (!extends_) {
      common = 0;
      for (let k = 0; k < changedAt; k++) common += tokens[k] as number;
    }
    shapes.sent[r] = total;
    shapes.common[r] = r === 0 ? 0 : common;
    shapes.extends[r] = r === 0 || extends_ ? 1 : 0;
    // The previous response, as the model wrote it, is the item after the previous request's.
    if (r > 0 && extends_ && keys[previousLength] === requests.messageIndex[r - 1]) follows[r] = 1;
    previousLength = keys.length;
    previousTotal = total;
  }
  return shapes;
}
