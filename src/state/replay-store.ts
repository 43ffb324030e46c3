/**
 * The Replay view's state: a vanilla zustand store beside the inspector's. While the Replay panel is open it follows
 * what the replay depends on (the transcript and how it is opened, the lanes, the budget, the pins, its own
 * settings) and asks the replay worker again, a moment after the last change, so dragging the budget starts one
 * replay, not fifty. Results that answer an older question are never shown: the client stops hearing a replay as
 * soon as a newer one starts.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ReplayClient } from '../worker/replay-client';
import type { RecordedComparison, RecordedTotalComparison } from '../core';
import type { LaneReplay, PickerModel, ReplayMeta, ReplayRequest, ReplayResponse, ReplaySettings } from '../worker/replay-protocol';
import type { InspectorStore } from './inspector-store';
import { planRequestOf, type InspectorState } from './inspector-state';

export interface ReplayState {
  settings: ReplaySettings;
  status: 'idle' | 'running' | 'done' | 'error';
  progress?: { phase: string; laneId?: string; done: number; total: number; startedAt: number };
  meta?: ReplayMeta;
  /** The price table's models, the file's own model and the one the replay prices, as the last replay said. */
  models: PickerModel[];
  fileModel?: string;
  model?: string;
  /** The last replay stopped for want of prices: the view asks for them. */
  needsPrices: boolean;
  /** By lane id; the baseline is `none`. */
  lanes: Record<string, LaneReplay>;
  laneErrors: Record<string, string>;
  recorded?: RecordedComparison;
  /** The run's recorded total beside the no-pruning replay, for files that record one. */
  recordedTotal?: RecordedTotalComparison;
  error?: string;
  /** What the results on screen answer. */
  key?: string;
  /** The request under the pointer in a chart, or -1. */
  hovered: number;
  setSettings(update: Partial<ReplaySettings>): void;
  setHovered(request: number): void;
  /** Replays now, even if nothing changed (after an error, say). */
  rerun(): void;
  /** Stops the replay under way; the lanes done so far stay. */
  stop(): void;
}

export type ReplayStore = StoreApi<ReplayState>;

export const DEFAULT_REPLAY_SETTINGS: ReplaySettings = { mode: 'stateless', trigger: { kind: 'fraction', of: 0.8, window: 200_000 }, calibrate: false };

/** A replay store with no results: how it starts, and what another transcript leaves (its results are not this one's). */
const NO_RESULTS = {
  status: 'idle', progress: undefined, meta: undefined, fileModel: undefined, model: undefined, needsPrices: false,
  lanes: {}, laneErrors: {}, recorded: undefined, recordedTotal: undefined, error: undefined, key: undefined, hovered: -1,
} satisfies Partial<ReplayState>;

/** Long enough to let a drag of the budget settle; short enough to feel like an answer. */
const SETTLE_MS = 300;

export function createReplayStore(inspector: InspectorStore, client: Pick<ReplayClient, 'start' | 'cancel'> = new ReplayClient()): ReplayStore {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked: string | undefined;

  const store = createStore<ReplayState>()((set, get) => ({
    settings: DEFAULT_REPLAY_SETTINGS,
    models: [],
    ...NO_RESULTS,
    setSettings(update) {
      set({ settings: { ...get().settings, ...update } });
      schedule();
    },
    setHovered(request) {
      if (request !== get().hovered) set({ hovered: request });
    },
    rerun() {
      asked = undefined;
      schedule(0);
    },
    stop() {
      clearTimeout(timer);
      client.cancel();
      set({ status: 'idle', progress: undefined });
    },
  }));

  function requestOf(s: InspectorState): ReplayRequest | undefined {
    if (!s.doc || !s.source) return undefined;
    return {
      source: s.source,
      conversation: s.doc.conversationIndex,
      open: { scope: s.doc.scope, repair: s.doc.repair.on },
      encoding: s.encoding,
      plan: { ...planRequestOf(s), epoch: 0 },
      settings: store.getState().settings,
    };
  }

  function keyOf(request: ReplayRequest, docId: number): string {
    const { source: _source, ...rest } = request;
    return JSON.stringify({ docId, ...rest });
  }

  function schedule(delay = SETTLE_MS): void {
    clearTimeout(timer);
    const s = inspector.getState();
    if (s.panel !== 'replay') return;
    const request = requestOf(s);
    if (!request || !s.doc) return;
    const key = keyOf(request, s.doc.docId);
    if (key === asked) return;
    timer = setTimeout(() => start(request, key), delay);
  }

  function start(request: ReplayRequest, key: string): void {
    asked = key;
    const startedAt = Date.now();
    store.setState({ status: 'running', progress: { phase: 'reading', done: 0, total: 1, startedAt }, error: undefined, laneErrors: {} });
    let fresh = true;
    client.start(request, (response: ReplayResponse) => {
      // The first answer of a new replay replaces the old results; until then they stay, dimmed.
      if (fresh && (response.type === 'meta' || response.type === 'error')) {
        fresh = false;
        store.setState({ lanes: {}, laneErrors: {}, recorded: undefined, recordedTotal: undefined, key });
      }
      switch (response.type) {
        case 'progress':
          store.setState({ progress: { phase: response.phase, ...(response.laneId ? { laneId: response.laneId } : {}), done: response.done, total: response.total, startedAt } });
          return;
        case 'models':
          store.setState({ models: response.models, fileModel: response.fileModel, model: response.model });
          return;
        case 'meta':
          store.setState({ meta: response.meta, needsPrices: false });
          return;
        case 'lane':
          store.setState({ lanes: { ...store.getState().lanes, [response.lane.laneId]: response.lane }, ...(response.recorded ? { recorded: response.recorded } : {}), ...(response.recordedTotal ? { recordedTotal: response.recordedTotal } : {}) });
          return;
        case 'lane-error':
          store.setState({ laneErrors: { ...store.getState().laneErrors, [response.laneId]: response.message } });
          return;
        case 'done':
          store.setState({ status: 'done', progress: undefined });
          return;
        case 'error':
          store.setState({ status: 'error', progress: undefined, error: response.message, needsPrices: response.needsPrices === true, ...(response.needsPrices ? { meta: undefined } : {}) });
          return;
      }
    });
  }

  /**
   * Another transcript (a new file, another conversation or way of opening it): the results on screen are another
   * transcript's, so they go at once, not when the new replay answers (they stay dimmed only for a change of the
   * same transcript's lanes or budget); a replay of the old one under way stops.
   */
  function forgetResults(): void {
    halt();
    asked = undefined;
    store.setState(NO_RESULTS);
  }

  /** Stops what is scheduled or running; a replay cut short is asked again when it is wanted. */
  function halt(): void {
    clearTimeout(timer);
    if (store.getState().status !== 'running') return;
    client.cancel();
    asked = undefined;
    store.setState({ status: 'idle', progress: undefined });
  }

  inspector.subscribe((s, previous) => {
    const newTranscript = s.doc?.docId !== previous.doc?.docId;
    if (newTranscript) forgetResults();
    if (s.panel !== 'replay') {
      // Leaving the panel stops a replay under way; its results so far stay for when it opens again.
      if (previous.panel === 'replay') halt();
      return;
    }
    if (s.doc !== previous.doc || s.lanes !== previous.lanes || s.budget !== previous.budget || s.pinned !== previous.pinned || s.encoding !== previous.encoding || s.panel !== previous.panel || s.source !== previous.source) {
      schedule(s.panel !== previous.panel || newTranscript ? 0 : SETTLE_MS);
    }
  });
  if (inspector.getState().panel === 'replay') schedule(0);
  return store;
}
