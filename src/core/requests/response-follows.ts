import type { SentRuns } from './sent-types';
import type { TurnCounts } from './create-turn-counts';

/**
 * Whether `current`, which begins with all of `previous`'s items, sends the previous request's response next, in the
 * form the model wrote it: the response is in its runs, no message of them lies between `previous`'s last one and
 * it, and its turn has not ended (or it counts the same in later turns). From the last runs back: O(1) mostly.
 */
export function responseFollows(previous: SentRuns, current: SentRuns, response: number, counts: TurnCounts): boolean {
  const { runs } = current;
  const end = previous.runs.length > 0 ? (previous.runs[previous.runs.length - 1] as number) : -1;
  let k = runs.length - 2;
  while (k >= 0 && (runs[k] as number) > response) k -= 2;
  if (k < 0 || response >= (runs[k + 1] as number)) return false;
  const next = (runs[k] as number) < response ? end === response : k === 0 || (runs[k - 1] as number) <= end;
  return next && (response >= current.turnStart || counts.fixed(response));
}
