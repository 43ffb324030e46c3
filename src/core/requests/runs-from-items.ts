import type { SentItems, SentRuns } from './sent-types';

/**
 * The runs form of items that are transcript messages in ascending order, after at most one added message (what
 * the window strategies and importance send). `undefined` when the items are not of that form.
 */
export function runsFromItems(items: SentItems, turnStart: number): SentRuns | undefined {
  const runs: number[] = [];
  let headKey: string | undefined;
  let headTokens = 0;
  for (let k = 0; k < items.keys.length; k++) {
    const key = items.keys[k] as number | string;
    if (typeof key === 'string') {
      if (k !== 0 || !key.startsWith('i:')) return undefined;
      headKey = key;
      headTokens = items.tokens[k] as number;
      continue;
    }
    const index = key >= 0 ? key : -key - 1;
    const last = runs.length - 1;
    if (last >= 0 && runs[last] === index) runs[last] = index + 1;
    else if (last >= 0 && (runs[last] as number) > index) return undefined;
    else runs.push(index, index + 1);
  }
  return { ...(headKey !== undefined ? { headKey } : {}), headTokens, runs, turnStart, total: items.total };
}
