/**
 * The longest run of most recent messages that fits the bounds beside the guarded units (the last message's unit and
 * pinned ones, kept wherever they are), cut where no unit is split: the earliest such cut, with the tokens and
 * messages then kept (guarded ones included), or `undefined` when not even the guarded units fit. O(n), one
 * backward scan.
 */
export function bestFittingSuffix(
  count: number,
  unitOf: Int32Array,
  unitFirst: Int32Array,
  tokens: Float64Array,
  guard: Uint8Array,
  guarded: { messages: number; tokens: number },
  maxTurns: number,
  maxTokens: number,
): { cut: number; messages: number; tokens: number } | undefined {
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
