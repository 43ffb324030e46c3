import type { RecordedRequest } from './types';

/** The model that answered most of the recorded requests, as the file names it; the first met on a tie. */
export function mostCommonModel(recorded: readonly RecordedRequest[]): string | undefined {
  const counts = new Map<string, number>();
  for (const request of recorded) if (request.model !== undefined) counts.set(request.model, (counts.get(request.model) ?? 0) + 1);
  let best: string | undefined;
  for (const [model, count] of counts) if (best === undefined || count > (counts.get(best) as number)) best = model;
  return best;
}
