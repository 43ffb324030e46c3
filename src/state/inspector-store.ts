/**
 * The inspector's state: a vanilla zustand store (no React here; hooks live in `react.ts`). It talks to the worker
 * only through `PruneClient`, and renders nothing itself. Lane, budget and pin actions are in `lane-actions.ts`,
 * selection and search in `navigation-actions.ts`, opening a transcript in `load-actions.ts`, what the worker says
 * on its own in `client-events.ts`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PruneClient } from '../worker/client';
import { defaultLanes } from '../worker/lanes';
import { NO_FILTERS, type ViewState } from './view';
import { planRequestOf, type Inspector, type InspectorState } from './inspector-state';
import { followClientEvents } from './client-events';
import { loadActions } from './load-actions';
import { laneActions } from './lane-actions';
import { navigationActions } from './navigation-actions';
import { DEFAULT_PANEL } from './panels';
import { lanesModel, probesModel, readModelSettings, writeModelSettings, type ModelSettings } from './model-settings';

export type InspectorStore = StoreApi<Inspector>;

const EMPTY = new Int32Array(0);

export function createInspectorStore(client: PruneClient, modelSettings: ModelSettings = readModelSettings()): InspectorStore {
  // The worker hears of the model only when what the lanes use changes (not on every keystroke of a field it ignores).
  let told = 'null';
  const tellModel = (settings: ModelSettings): void => {
    const model = lanesModel(settings);
    if (JSON.stringify(model) === told) return;
    told = JSON.stringify(model);
    client.setModel(model);
  };
  const store = createStore<Inspector>()((set, get) => {
    const navigation = navigationActions(set, get, client);

    return {
      ...initialState(client),
      modelSettings,

      ...loadActions(set, get, client, navigation),

      ...laneActions(set, get, client),
      ...navigation,

      setHelpOpen(open) {
        set({ helpOpen: open });
      },

      setExplainerOpen(open) {
        set({ explainerOpen: open, ...(open ? { helpOpen: false } : {}) });
      },

      setPanel(panel) {
        set({ panel });
      },

      dismissError() {
        set({ loadError: undefined });
      },

      dismissViewNotice() {
        set({ viewNotice: undefined });
      },

      async exportLane(laneId) {
        const { doc } = get();
        if (!doc) return null;
        return client.exportLane(doc.docId, planRequestOf(get()), laneId);
      },

      announce(text) {
        set({ announcement: text });
      },

      async probePrompts(laneId) {
        const { doc } = get();
        return doc ? client.probePrompts(doc.docId, planRequestOf(get()), laneId) : null;
      },

      async askProbes(laneId, onStep) {
        const { doc, modelSettings } = get();
        const model = probesModel(modelSettings);
        if (!doc) return null;
        if (!model) throw new Error('No model: enter an endpoint and a model in the Model dialog (? → Model…).');
        return client.askProbes(doc.docId, planRequestOf(get()), laneId, model, onStep);
      },

      cancelProbes() {
        client.cancelProbes();
      },

      setModelSettings(settings) {
        writeModelSettings(settings);
        set({ modelSettings: settings });
        tellModel(settings);
      },

      applyView: (view: ViewState) => applyView(set, get, client, navigation, view),
    };
  });

  followClientEvents(store, client);
  tellModel(modelSettings);
  return store;
}

/** Follows a view (a link, the hash edited): a view for another transcript is refused and said so. */
function applyView(set: (partial: Partial<InspectorState>) => void, get: () => Inspector, client: PruneClient, navigation: ReturnType<typeof navigationActions>, view: ViewState): void {
  const { doc } = get();
  if (doc && view.fingerprint && view.fingerprint !== doc.fingerprint) {
    set({ viewNotice: 'This link was made for another transcript, so its view was not applied.' });
    return;
  }
  navigation.applyNavigation(view);
  set({ panel: view.panel ?? DEFAULT_PANEL });
  if (!doc) return;
  if (view.conversation !== undefined && view.conversation !== doc.conversationIndex) {
    void get().selectConversation(view.conversation);
    return;
  }
  const scope = view.scope ?? 'last-sent';
  if (doc.hasBoundary && scope !== doc.scope) {
    void get().setScope(scope);
    return;
  }
  if ((view.repair ?? true) !== doc.repair.on) {
    void get().setRepair(view.repair ?? true);
    return;
  }
  laneActions(set, get, client).applyLaneView(view);
  if (view.selected !== undefined && view.selected !== get().selected) get().select(view.selected, { scroll: true });
}

/** A store before any transcript: the default lanes, no filters, the first panel. */
function initialState(client: PruneClient): Omit<InspectorState, 'modelSettings'> {
  return {
    scope: 'auto',
    repair: true,
    encoding: 'auto',
    lanes: defaultLanes(),
    budget: { unit: 'tokens', value: 0 },
    pinned: [],
    plans: {},
    scorecards: {},
    laneErrors: {},
    verdicts: {},
    selected: -1,
    hovered: -1,
    filters: NO_FILTERS,
    query: '',
    matches: EMPTY,
    searching: false,
    items: EMPTY,
    extras: [],
    scrollSeq: 0,
    detailFocusSeq: 0,
    detailOpen: false,
    helpOpen: false,
    explainerOpen: false,
    panel: DEFAULT_PANEL,
    announcement: '',
    engine: client.kind,
  };
}
