export interface SuffixInput {
  count: number;
  unitOf: Int32Array;
  unitFirst: Int32Array;
  tokens: ArrayLike<number>;
  suffixTokens: ArrayLike<number>;
  /** Per cut position, the smallest valid cut at or after it (`findValidCuts`); when given, no scan is needed. */
  cutAtOrAfter?: Int32Array;
  /** Per unit: 1 the last message's, 2 pinned, 0 neither. */
  guard: Uint8Array;
  /** What the guarded units hold. */
  guarded: { messages: number; tokens: number };
  /** Whether any unit is pinned. */
  pinned: boolean;
}

/**
 * The longest run of most recent messages that fits the bounds beside the guarded units (the last message's unit and
 * pinned ones, kept wherever they are), cut where no unit is split: the earliest such cut, with the tokens and
 * messages then kept (guarded ones included), or `undefined` when not even the guarded units fit.
 *
 * Without pins the suffix holds the guarded unit, and its tokens are `suffixTokens[cut]`, which fall as the cut moves
 * later: a binary search and the next valid cut find it in O(log n). With pins, one backward scan, O(suffix).
 */
export function bestFittingSuffix(input: SuffixInput, maxTurns: number, maxTokens: number): { cut: number; messages: number; tokens: number } | undefined {
  const { count, unitOf, unitFirst, tokens, suffixTokens, cutAtOrAfter, guard, guarded } = input;
  if (!input.pinned && cutAtOrAfter !== undefined) {
    // The earliest cut whose suffix fits both bounds, then the first valid cut from there.
    let low = Math.max(0, count - maxTurns);
    let high = count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((suffixTokens[middle] as number) <= maxTokens) high = middle;
      else low = middle + 1;
    }
    const cut = cutAtOrAfter[low] as number;
    // The last message's unit must lie wholly in the suffix.
    if (cut > (unitFirst[unitOf[count - 1] as number] as number)) return undefined;
    return { cut, messages: count - cut, tokens: suffixTokens[cut] as number };
  }
  let best: { cut: number; messages: number; tokens: number } | undefined;
  let messages = guarded.messages;
  let kept = guarded.tokens;
  // The earliest first message among the units of messages i onwards: a cut at i splits no unit when it is i.
  let reach = count;
  for (let i = count - 1; i >= 0; i--) {
    const u = unitOf[i] as number;
    if (guard[u] === 0) {
      messages++;
      kept += tokens[i] as number;
    }
    if (messages > maxTurns || kept > maxTokens) break;
    reach = Math.min(reach, unitFirst[u] as number);
    if (reach === i) best = { cut: i, messages, tokens: kept };
  }
  return best;
}
