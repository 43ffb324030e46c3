import { UNIT_STATE } from './unit-state';

/**
 * Adds dropped units back while they fit the room left under the bounds, best score first (ties: the latest first,
 * the reverse of the order the walk drops them in), marking each `refilled`. Kept units only grow, so a unit that
 * does not fit when its turn comes never fits later: one pass leaves no dropped unit that would still fit.
 * `ranked`: the candidates are in drop order already (lowest first), so they are taken from the end without a sort;
 * otherwise only those no larger than the room are sorted. Returns the messages and tokens added.
 */
export function refillDropped(
  candidates: ArrayLike<number>,
  ranked: boolean,
  state: Uint8Array,
  unitScore: Float64Array,
  unitSize: Int32Array,
  unitTokens: Float64Array,
  roomMessages: number,
  roomTokens: number,
): { messages: number; tokens: number } {
  let order: ArrayLike<number> = candidates;
  if (!ranked) {
    const fitting: number[] = [];
    for (let k = 0; k < candidates.length; k++) {
      const u = candidates[k] as number;
      if ((unitSize[u] as number) <= roomMessages && (unitTokens[u] as number) <= roomTokens) fitting.push(u);
    }
    order = fitting.sort((a, b) => (unitScore[a] as number) - (unitScore[b] as number) || a - b);
  }
  let messages = 0;
  let tokens = 0;
  // A unit holds a message at least, so nothing fits once the message room is used up.
  for (let k = order.length - 1; k >= 0 && messages < roomMessages; k--) {
    const u = order[k] as number;
    const size = unitSize[u] as number;
    const weight = unitTokens[u] as number;
    if (messages + size > roomMessages || tokens + weight > roomTokens) continue;
    state[u] = UNIT_STATE.refilled;
    messages += size;
    tokens += weight;
  }
  return { messages, tokens };
}
