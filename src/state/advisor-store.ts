/**
 * The Advisor panel's state: a vanilla zustand store beside the inspector's. `run` sweeps the open conversation in
 * the advisor's worker (priced with the Replay view's model and prices); the constraints re-recommend from the sweep
 * on this thread at once, without sweeping again. Opening another transcript (or the same one otherwise opened)
 * cancels a sweep under way and clears the results, which answer another question.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { adviseSweeps, type Advice, type AdviceConstraints, type SweepResult, type SweepSetting } from '../core';
import { AdviseClient } from '../worker/advise-client';
import type { AdvisePhase, AdviseRequest, ModelWindow } from '../worker/advise-protocol';
import type { InspectorStore } from './inspector-store';
import type { InspectorState } from './inspector-state';
import { laneOfSetting } from './advisor-lane';
import { MAX_LANES } from './lane-actions';
import type { ReplayStore } from './replay-store';

export interface AdvisorState {
  status: 'idle' | 'running' | 'done' | 'error';
  progress?: { phase: AdvisePhase; done: number; total: number; startedAt: number };
  sweep?: SweepResult;
  /** The model the sweep priced, and the price entry it used. */
  model?: string;
  pricedWith?: string;
  ms?: number;
  /** The price table's models and their windows, for "stay under the window of model M". */
  windows: ModelWindow[];
  constraints: AdviceConstraints;
  /** The sweep's advice under the constraints. */
  advice?: Advice;
  error?: string;
  /** The setting under the pointer or the keyboard focus, by key; the chart and the table show it alike. */
  hovered?: string;
  /** Sweeps the open conversation (again). */
  run(): void;
  /** Stops the sweep under way; results of an earlier one stay. */
  stop(): void;
  setConstraints(update: Partial<AdviceConstraints>): void;
  setHovered(key: string | undefined): void;
  /** Adds the setting as a lane and shows it in the timeline; false (and says why) when it cannot. */
  addAsLane(setting: SweepSetting): boolean;
}

export type AdvisorStore = StoreApi<AdvisorState>;

type Client = Pick<AdviseClient, 'start' | 'cancel'>;

export function createAdvisorStore(inspector: InspectorStore, replay: ReplayStore, client: Client = new AdviseClient()): AdvisorStore {
  const store = createStore<AdvisorState>()((set, get) => ({
    status: 'idle',
    windows: [],
    constraints: {},
    run() {
      const s = inspector.getState();
      const request = requestOf(s);
      if (!request) return;
      const startedAt = Date.now();
      set({ status: 'running', progress: { phase: 'reading', done: 0, total: 1, startedAt }, error: undefined });
      client.start(request, (response) => {
        switch (response.type) {
          case 'progress':
            set({ progress: { phase: response.phase, done: response.done, total: response.total, startedAt } });
            return;
          case 'result':
            set({ status: 'done', progress: undefined, sweep: response.sweep, model: response.model, pricedWith: response.pricedWith, ms: response.ms, windows: response.windows, advice: adviseSweeps([response.sweep], get().constraints) });
            return;
          case 'error':
            set({ status: 'error', progress: undefined, error: response.message });
            return;
        }
      });
    },
    stop() {
      client.cancel();
      set({ status: get().sweep ? 'done' : 'idle', progress: undefined });
    },
    setConstraints(update) {
      const constraints = { ...get().constraints, ...update };
      for (const name of Object.keys(update) as (keyof AdviceConstraints)[]) if (update[name] === undefined) delete constraints[name];
      const sweep = get().sweep;
      set({ constraints, ...(sweep ? { advice: adviseSweeps([sweep], constraints) } : {}) });
    },
    setHovered(key) {
      if (key !== get().hovered) set({ hovered: key });
    },
    addAsLane(setting) {
      const lane = laneOfSetting(setting);
      const s = inspector.getState();
      if (!lane) {
        s.announce('No pruning is the transcript itself: every lane is measured against it.');
        return false;
      }
      if (s.lanes.length >= MAX_LANES) {
        s.announce(`At most ${MAX_LANES} lanes: remove one to add this setting.`);
        return false;
      }
      s.addLane(lane.strategy, lane.options, lane.budget);
      const added = inspector.getState().lanes.at(-1);
      s.setPanel('timeline');
      if (added) inspector.getState().setFocus(added.id);
      return true;
    },
  }));

  function requestOf(s: InspectorState): AdviseRequest | undefined {
    if (!s.doc || !s.source) return undefined;
    const { settings } = replay.getState();
    return {
      source: s.source,
      conversation: s.doc.conversationIndex,
      open: { scope: s.doc.scope, repair: s.doc.repair.on },
      encoding: s.encoding,
      calibrate: settings.calibrate,
      ...(settings.model !== undefined ? { model: settings.model } : {}),
      ...(settings.prices !== undefined ? { prices: settings.prices } : {}),
    };
  }

  /** What the results answer: the transcript as opened and counted. */
  function keyOf(s: InspectorState): string | undefined {
    return s.doc ? JSON.stringify([s.doc.docId, s.doc.conversationIndex, s.doc.scope, s.doc.repair.on, s.encoding]) : undefined;
  }

  inspector.subscribe((s, previous) => {
    if ((s.doc === previous.doc && s.encoding === previous.encoding) || keyOf(s) === keyOf(previous)) return;
    const { status, sweep } = store.getState();
    if (status !== 'running' && !sweep) return;
    client.cancel();
    store.setState({ status: 'idle', progress: undefined, sweep: undefined, advice: undefined, error: undefined, hovered: undefined });
  });
  return store;
}
