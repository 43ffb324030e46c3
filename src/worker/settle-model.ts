/**
 * When the lanes' model summaries are asked for: once the bound has stayed still for `modelSettleMs` (a drag sends
 * nothing per move), for every lane of the request then current; each answer is shown for the request current when
 * it comes (a summary the newest bound still has; else it waits in the cache for a bound that has it).
 */
import type { LaneSpec, PlanRequest } from './lanes';
import type { Doc } from './doc';
import type { ModelLanes } from './model-lanes';
import { lanePlan, modelLaneRef } from './plan-lanes';

export interface SettleState {
  models: ModelLanes;
  modelSettleMs: number;
  modelTimer: ReturnType<typeof setTimeout> | undefined;
}

export function settleModelSummaries(
  state: SettleState,
  current: () => { d: Doc; request: PlanRequest } | undefined,
  show: (d: Doc, lane: LaneSpec, request: PlanRequest) => void,
): void {
  if (!state.models.on) return;
  clearTimeout(state.modelTimer);
  state.modelTimer = setTimeout(() => {
    const asked = current();
    if (!asked) return;
    const refs = [];
    for (const lane of asked.request.lanes) {
      try {
        refs.push(modelLaneRef(asked.d, lane, lanePlan(asked.d, lane, asked.request).plan));
      } catch {
        // The lane's error was reported when it was planned.
      }
    }
    state.models.ask(refs, (laneId) => {
      const now = current();
      const lane = now?.request.lanes.find((l) => l.id === laneId);
      if (now && now.d === asked.d && lane) show(now.d, lane, now.request);
    });
  }, state.modelSettleMs);
}
