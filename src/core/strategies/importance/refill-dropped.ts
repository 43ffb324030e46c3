import { UNIT_STATE } from './unit-state';

/**
 * Adds dropped units back while they fit the room left under the bounds, best score first (ties: the latest first,
 * the reverse of the order the walk drops them in), marking each `refilled`. Kept units only grow, so a unit that
 * does not fit when its turn comes never fits later: one pass leaves no dropped unit that would still fit.
 * Only units no larger than the room are sorted, usually a few. Returns the messages and tokens added.
 */
export function refillDropped(
  candidates: readonly number[],
  state: Uint8Array,
  unitScore: Float64Array,
  unitSize: Int32Array,
  unitTokens: Float64Array,
  roomMessages: number,
  roomTokens: number,
): { messages: number; tokens: number } {
  const fitting = candidates.filter((u) => (unitSize[u] as number) <= roomMessages && (unitTokens[u] as number) <= roomTokens);
  fitting.sort((a, b) => (unitScore[b] as number) - (unitScore[a] as number) || b - a);
  let messages = 0;
  let tokens = 0;
  for (const u of fitting) {
    const size = unitSize[u] as number;
    const weight = unitTokens[u] as number;
    if (messages + size > roomMessages || tokens + weight > roomTokens) continue;
    state[u] = UNIT_STATE.refilled;
    messages += size;
    tokens += weight;
  }
  return { messages, tokens };
}
