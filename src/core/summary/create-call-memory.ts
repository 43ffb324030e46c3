const RECENT_CALLS = 64;

/** Calls awaiting their results, by id (see `createCallMemory`). */
export interface CallMemory<T> {
  /** Keeps `call` under `id`, replacing a call pending under the same id. */
  remember(id: string, call: T): void;
  /** The call pending under `id`, taken away; undefined when none is. */
  take(id: string): T | undefined;
}

/**
 * Calls awaiting their results, by id, as a map would keep them (a call reusing an id replaces the earlier one; a
 * result takes its call away). The pending few sit in a short list searched from the newest, since a result nearly
 * always answers one of the last calls, and an id is found by identity before any hashing; older ones spill to a
 * map. At 100k messages a Map took 5 ms for the 57k calls and results, this list 2.5 ms (least CPU of 8 runs).
 */
export function createCallMemory<T>(empty: T): CallMemory<T> {
  // A fixed-size list with its own count: an array grown and shrunk on every call and result was reallocated.
  const ids = new Array<string>(RECENT_CALLS).fill('');
  const infos = new Array<T>(RECENT_CALLS).fill(empty);
  let size = 0;
  const spilled = new Map<string, T>();
  const removeAt = (k: number): void => {
    for (let j = k + 1; j < size; j++) {
      ids[j - 1] = ids[j] as string;
      infos[j - 1] = infos[j] as T;
    }
    size--;
  };
  return {
    remember(id, call) {
      for (let k = size - 1; k >= 0; k--) {
        if (ids[k] === id) {
          removeAt(k);
          break;
        }
      }
      if (spilled.size > 0) spilled.delete(id);
      if (size === RECENT_CALLS) {
        for (let k = 0; k < RECENT_CALLS; k++) spilled.set(ids[k] as string, infos[k] as T);
        size = 0;
      }
      ids[size] = id;
      infos[size++] = call;
    },
    take(id) {
      for (let k = size - 1; k >= 0; k--) {
        if (ids[k] !== id) continue;
        const call = infos[k];
        removeAt(k);
        return call;
      }
      if (spilled.size === 0) return undefined;
      const call = spilled.get(id);
      spilled.delete(id);
      return call;
    },
  };
}
