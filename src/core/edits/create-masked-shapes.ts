import type { SentShapes } from '../requests/sent-types';
import type { TurnCounts } from '../requests/create-turn-counts';
import type { Fenwick } from './create-fenwick';

/**
 * The shapes of a masking replay (stateless or live), recorded request by request. Both keep each masked message's
 * difference in tokens in a Fenwick tree over the context, so the shared prefix of two requests is the unmasked
 * counts up to the first change plus the tree's prefix there.
 */
export interface MaskedShapes {
  shapes: SentShapes;
  /** The previous request's end (-1 before the first): a change at or past it is not in what the two share. */
  readonly previousEnd: number;
  /**
   * Request r: its context start, and whether that differs from the previous request's (a new context); its end and
   * turn start; the tokens it sends; the first message whose masked form changed since the previous request
   * (`Infinity` when none did); whether the previous request's response is masked in this one. Positional, not an
   * object: it is called for every request of a replay.
   */
  record(r: number, s: number, fresh: boolean, end: number, turnStart: number, total: number, changedAt: number, responseMasked: boolean, tree: Fenwick): void;
}

export function createMaskedShapes(count: number, counts: TurnCounts): MaskedShapes {
  const shapes: SentShapes = { sent: new Float64Array(count), common: new Float64Array(count), extends: new Uint8Array(count), follows: new Uint8Array(count) };
  const follows = shapes.follows as Uint8Array;
  let previousEnd = -1;
  let previousTurn = 0;
  let previousTotal = 0;
  let previousEmpty = true;
  return {
    shapes,
    get previousEnd() {
      return previousEnd;
    },
    record(r, s, fresh, end, turnStart, total, changedAt, responseMasked, tree) {
      // A new turn start changes the form of the messages whose counts differ between the two turns.
      if (!fresh && counts.varies && turnStart !== previousTurn) {
        const low = Math.max(s, Math.min(turnStart, previousTurn));
        const high = Math.min(Math.max(turnStart, previousTurn), previousEnd);
        const at = counts.firstDiffering(low, high);
        if (at < high) changedAt = Math.min(changedAt, at);
      }
      let common = previousTotal;
      let extends_ = true;
      if (fresh) {
        // A new context shares nothing with the last one's items (their sources differ) unless that was empty.
        common = 0;
        extends_ = previousEmpty;
      } else if (changedAt < previousEnd) {
        common = counts.sum(s, changedAt, turnStart) + tree.prefix(changedAt - s);
        extends_ = false;
      }
      shapes.sent[r] = total;
      shapes.common[r] = r === 0 ? 0 : common;
      shapes.extends[r] = r === 0 || extends_ ? 1 : 0;
      // Masking sends every message of the context: the previous response comes right after the previous request's
      // messages, as written unless masked or its turn's thinking was dropped.
      const response = previousEnd;
      if (r > 0 && extends_ && (!fresh || s === response) && response < end && !responseMasked && (response >= turnStart || counts.fixed(response))) {
        follows[r] = 1;
      }
      previousEnd = end;
      previousTurn = turnStart;
      previousTotal = total;
      previousEmpty = end === s;
    },
  };
}
