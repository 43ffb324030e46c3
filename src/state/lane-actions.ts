/** Lanes, the budget and pins: every change re-plans through the worker (coalesced) and keeps the view consistent. */
import { getStrategy, type StrategyId } from '../core';
import type { PruneClient } from '../worker/client';
import { clampBudget, defaultLanes, type Budget, type LaneSpec } from '../worker/lanes';
import { planRequestOf, withItems, type Inspector, type InspectorActions, type InspectorState } from './inspector-state';
import type { LaneOptions, ViewState } from './view';

type Set = (partial: Partial<InspectorState>) => void;
type Get = () => Inspector;

/** At most this many lanes: past it a lane is narrower than its words. */
export const MAX_LANES = 8;

/** Lanes, pins and focus from a view, with fresh ids; the defaults when the view names no lanes. */
export function lanesFromView(state: InspectorState, view: ViewState): Partial<InspectorState> {
  const lanes: LaneSpec[] = view.lanes?.length
    ? view.lanes.slice(0, MAX_LANES).map((lane, k) => ({ id: `l${k + 1}`, strategy: lane.strategy, options: lane.options, ...(lane.budget ? { budget: lane.budget } : {}) }))
    : state.lanes.length
      ? state.lanes
      : defaultLanes();
  const fates: InspectorState['filters']['fates'] = {};
  for (const [position, list] of Object.entries(view.fates)) {
    const lane = lanes[Number(position)];
    if (lane) fates[lane.id] = list;
  }
  return {
    lanes,
    pinned: view.pinned ?? [],
    focus: view.focus !== undefined ? lanes[view.focus]?.id : undefined,
    filters: { roles: view.roles, tools: view.tools, fates, matchesOnly: view.matchesOnly },
  };
}

export function laneActions(set: Set, get: Get, client: PruneClient) {
  /** Lanes, budget or pins changed: show what is known now, ask the worker for the rest. */
  const replan = (partial: Partial<InspectorState>): void => {
    set(withItems(get(), partial));
    const { doc } = get();
    if (doc) client.setPlan(doc.docId, planRequestOf(get()));
  };

  let nextLane = 0;
  const freshId = (lanes: readonly LaneSpec[]): string => {
    const taken = new Set(lanes.map((l) => l.id));
    let id: string;
    do id = `l${++nextLane + lanes.length}`;
    while (taken.has(id));
    return id;
  };

  const actions: Pick<InspectorActions, 'setBudget' | 'setBudgetUnit' | 'addLane' | 'removeLane' | 'moveLane' | 'updateLane' | 'togglePin'> & {
    applyLaneView(view: ViewState): void;
  } = {
    setBudget(budget: Budget) {
      const { doc, budget: current } = get();
      if (!doc) return;
      const next = clampBudget(budget, doc.count, doc.totalTokens);
      if (next.unit === current.unit && next.value === current.value) return;
      replan({ budget: next });
    },

    setBudgetUnit(unit) {
      const { doc, budget } = get();
      if (!doc || budget.unit === unit) return;
      // The same share of the transcript in the other unit, so switching does not jump to another answer.
      const share = budget.unit === 'tokens' ? budget.value / Math.max(1, doc.totalTokens) : budget.value / Math.max(1, doc.count);
      const size = unit === 'tokens' ? doc.totalTokens : doc.count;
      get().setBudget({ unit, value: Math.round(share * size) });
    },

    addLane(strategy: StrategyId, options: LaneOptions = {}, budget?: Budget) {
      const { lanes } = get();
      if (lanes.length >= MAX_LANES) return;
      const lane: LaneSpec = { id: freshId(lanes), strategy, options, ...(budget ? { budget } : {}) };
      replan({ lanes: [...lanes, lane] });
      get().announce(`Added a ${getStrategy(strategy).label} lane.`);
    },

    removeLane(id) {
      const { lanes, plans, filters, focus } = get();
      if (lanes.length <= 1 || !lanes.some((l) => l.id === id)) return;
      const { [id]: _plan, ...rest } = plans;
      const { [id]: _fates, ...fates } = filters.fates;
      replan({ lanes: lanes.filter((l) => l.id !== id), plans: rest, filters: { ...filters, fates }, focus: focus === id ? undefined : focus });
    },

    moveLane(id, delta) {
      const lanes = [...get().lanes];
      const at = lanes.findIndex((l) => l.id === id);
      const to = at + delta;
      if (at < 0 || to < 0 || to >= lanes.length) return;
      [lanes[at], lanes[to]] = [lanes[to] as LaneSpec, lanes[at] as LaneSpec];
      set(withItems(get(), { lanes }));
    },

    updateLane(id, update) {
      const { lanes, plans } = get();
      const next = lanes.map((lane): LaneSpec => {
        if (lane.id !== id) return lane;
        const budget = update.budget === null ? undefined : (update.budget ?? lane.budget);
        return { id: lane.id, strategy: lane.strategy, options: update.options ?? lane.options, ...(budget ? { budget } : {}) };
      });
      // New options make the old plan another config's answer: show "planning" rather than it.
      const nextPlans = { ...plans };
      if (update.options) delete nextPlans[id];
      replan({ lanes: next, plans: nextPlans });
    },

    togglePin(index) {
      const { doc, pinned } = get();
      if (!doc || index < 0 || index >= doc.count) return;
      const next = pinned.includes(index) ? pinned.filter((i) => i !== index) : [...pinned, index].sort((a, b) => a - b);
      replan({ pinned: next });
      get().announce(`${pinned.includes(index) ? 'Unpinned' : 'Pinned'} message #${index}.`);
    },

    applyLaneView(view: ViewState) {
      const { doc } = get();
      if (!doc) return;
      const partial = lanesFromView(get(), view);
      // Lanes from a link start over: old plans belong to the lanes that had those ids.
      if (view.lanes?.length) partial.plans = {};
      replan({ ...partial, ...(view.budget ? { budget: clampBudget(view.budget, doc.count, doc.totalTokens) } : {}) });
    },
  };
  return actions;
}
