import { listToolResults } from '../../links/list-tool-results';
import type { ReplayContext } from '../../requests/replay-context';
import type { ObservationMaskingSettings } from './plan-observation-masking';

/** Whether every message masking may change counts the same in every turn (the index's assumption). */
export function maskingCountsAreFixed(context: ReplayContext, settings: ObservationMaskingSettings): boolean {
  const starts = new Set(context.requests.contextStart);
  for (const s of starts) {
    const results = listToolResults(context.segment(s));
    for (let r = 0; r < results.count; r++) {
      if (!context.counts.fixed(s + (results.message[r] as number))) return false;
      const call = results.callMessage[r] as number;
      if (settings.clearToolInputs && call >= 0 && !context.counts.fixed(s + call)) return false;
    }
  }
  return true;
}
