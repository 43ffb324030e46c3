/**
 * The inspector's state: a vanilla zustand store (no React here; hooks live in `react.ts`). It talks to the worker
 * only through `PruneClient`, and renders nothing itself. Lane, budget and pin actions are in `lane-actions.ts`,
 * selection and search in `navigation-actions.ts`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { formatNumber, getStrategy } from '../core';
import type { LoadOutcome, PruneClient } from '../worker/client';
import { defaultLanes, laneLabels, type LaneSpec } from '../worker/lanes';
import { NO_FILTERS, type ViewState } from './view';
import { planRequestOf, withItems, type Inspector, type InspectorState } from './inspector-state';
import { laneActions, lanesFromView } from './lane-actions';
import { navigationActions } from './navigation-actions';
import { DEFAULT_PANEL } from './panels';

export type InspectorStore = StoreApi<Inspector>;

const EMPTY = new Int32Array(0);

export function createInspectorStore(client: PruneClient): InspectorStore {
  const store = createStore<Inspector>()((set, get) => {
    const navigation = navigationActions(set, get, client);

    const adopt = (outcome: LoadOutcome, selected: number | undefined): void => {
      if (outcome.status !== 'loaded') return;
      const { doc, rows, budget, plans } = outcome;
      const sel = selected !== undefined && selected < doc.count ? selected : -1;
      const byLane: InspectorState['plans'] = {};
      for (const plan of plans) byLane[plan.laneId] = plan;
      set(
        withItems(get(), {
          loading: undefined,
          loadError: undefined,
          doc,
          rows,
          budget,
          plans: byLane,
          laneErrors: {},
          verdicts: {},
          selected: sel,
          hovered: -1,
          matches: EMPTY,
          matchMask: undefined,
          detail: undefined,
          jumpNotice: undefined,
          scrollSeq: get().scrollSeq + 1,
        }),
      );
      get().announce(loadAnnouncement(get()));
      if (sel >= 0) navigation.requestDetail(sel);
      if (get().query.trim()) navigation.runSearch();
    };

    /** Opens a conversation of the loaded file again (another one, another scope, repair switched). */
    const reopen = async (index: number, partial: Partial<InspectorState>): Promise<void> => {
      const doc = get().doc;
      if (!doc) return;
      set({ loading: { fileName: doc.fileName, phase: 'analyzing', startedAt: Date.now() }, ...partial });
      const { lanes, budget, pinned, scope, repair } = get();
      // The same conversation keeps its budget (the worker clamps it); another one starts from its own default.
      const plan = index === doc.conversationIndex ? { lanes, pinned, budget } : { lanes, pinned, unit: budget.unit };
      const outcome = await client.reopen(doc.docId, index, { scope, repair, encoding: get().encoding }, plan);
      if (outcome.status === 'error') {
        set({ loading: undefined, loadError: outcome.error });
        client.setPlan(doc.docId, planRequestOf(get()));
      }
      else adopt(outcome, undefined);
    };

    return {
      scope: 'auto',
      repair: true,
      encoding: 'auto',
      lanes: defaultLanes(),
      budget: { unit: 'tokens', value: 0 },
      pinned: [],
      plans: {},
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

      async load(source, view) {
        const fileName = source.kind === 'text' ? (source.fileName ?? 'pasted transcript') : source.fileName;
        set({ loading: { fileName, phase: 'reading', startedAt: Date.now() } });
        const before = { lanes: get().lanes, filters: get().filters, focus: get().focus };
        if (view) set({ ...lanesFromView(get(), view), scope: view.scope ?? 'auto', repair: view.repair ?? true });
        const { lanes, pinned, scope, repair } = get();
        const outcome = await client.load(source, {
          // A new file starts from its own default budget, in the unit the user is working in.
          plan: { lanes, pinned, ...(view?.budget ? { budget: view.budget } : { unit: get().budget.unit }) },
          open: { scope, repair, encoding: get().encoding },
          ...(view?.conversation !== undefined ? { conversation: view.conversation } : {}),
          onProgress: (phase, bytes) => {
            const loading = get().loading;
            if (loading) set({ loading: { ...loading, phase, ...(bytes !== undefined ? { bytes } : {}) } });
          },
        });
        if (outcome.status === 'stale') return outcome;
        if (outcome.status === 'error') {
          // The previous transcript stays loaded, and so does its view; the error shows in place. The load cancelled
          // its lanes' slow plans and verdicts: ask for them again (its counting goes on, and re-plans when done).
          set({ loading: undefined, loadError: outcome.error, ...(view ? before : {}) });
          const { doc } = get();
          if (doc) client.setPlan(doc.docId, planRequestOf(get()));
          get().announce(`Could not load ${outcome.error.fileName ?? fileName}: ${outcome.error.message}`);
          return outcome;
        }
        if (view?.fingerprint && view.fingerprint !== outcome.doc.fingerprint) {
          // A link made for another file: say so, and open this one as if there were no link.
          set({ lanes: before.lanes, pinned: [], filters: NO_FILTERS, focus: undefined, scope: 'auto', repair: true, viewNotice: 'This link was made for another transcript, so its view was not applied.' });
          return get().load(source);
        }
        set({ source, ...(view ? { panel: view.panel ?? DEFAULT_PANEL } : {}) });
        adopt(outcome, view?.selected);
        return outcome;
      },

      async selectConversation(index) {
        const doc = get().doc;
        if (!doc || index === doc.conversationIndex) return;
        await reopen(index, { pinned: [] });
      },

      async setScope(scope) {
        const doc = get().doc;
        if (!doc || scope === doc.scope) return;
        set({ scope });
        await reopen(doc.conversationIndex, { pinned: [] });
      },

      setEncoding(encoding) {
        const { doc } = get();
        set({ encoding });
        if (!doc) return;
        set({ countProgress: 0, countError: undefined });
        client.setEncoding(doc.docId, encoding, planRequestOf(get()));
      },

      async setRepair(on) {
        const doc = get().doc;
        if (!doc || on === doc.repair.on) return;
        set({ repair: on });
        await reopen(doc.conversationIndex, { pinned: [] });
      },

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

      applyView(view: ViewState) {
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
      },
    };
  });

  client.events.onPlanned = ({ docId, plans }) => {
    const s = store.getState();
    if (s.doc?.docId !== docId || !s.rows) return;
    const byLane = { ...s.plans };
    let changed = false;
    for (const plan of plans) {
      const lane = s.lanes.find((l) => l.id === plan.laneId);
      // A lane removed, or changed to another strategy, since it was asked for: not for this screen.
      if (!lane || lane.strategy !== plan.strategy) continue;
      byLane[plan.laneId] = plan;
      changed = true;
    }
    if (changed) store.setState(withItems(s, { plans: byLane }));
  };
  client.events.onTokens = ({ docId, epoch, encoding, fallback, tokens, totalTokens, systemTokens, usage }) => {
    const s = store.getState();
    if (s.doc?.docId !== docId || !s.rows) return;
    const doc = { ...s.doc, epoch, encoding, totalTokens, systemTokens, ...(usage ? { usage } : {}), ...(fallback ? { countFallback: fallback } : {}) };
    if (!fallback) delete doc.countFallback;
    // A budget still at its default (half the estimate) moves to half the exact count; one the user set stays.
    const atDefault = s.budget.unit === 'tokens' && s.budget.value === Math.round(s.doc.totalTokens / 2);
    store.setState(withItems(s, { doc, rows: { ...s.rows, tokens }, countProgress: undefined }));
    if (atDefault) store.getState().setBudget({ unit: 'tokens', value: Math.round(totalTokens / 2) });
  };
  client.events.onCountProgress = ({ docId, fraction, error }) => {
    const s = store.getState();
    if (s.doc?.docId === docId) store.setState({ countProgress: fraction < 1 ? fraction : undefined, countError: error });
  };
  client.events.onLaneError = ({ docId, laneId, key, message }) => {
    const s = store.getState();
    if (s.doc?.docId !== docId) return;
    store.setState({ laneErrors: { ...s.laneErrors, [laneId]: { key, message } } });
  };
  client.events.onPlanError = (message) => store.getState().announce(`Pruning failed: ${message}`);
  client.events.onVerdicts = ({ docId, verdicts }) => {
    const s = store.getState();
    if (s.doc?.docId !== docId) return;
    const byLane = { ...s.verdicts };
    for (const verdict of verdicts) byLane[verdict.laneId] = verdict;
    store.setState({ verdicts: byLane });
  };

  return store;
}

function loadAnnouncement(s: InspectorState): string {
  const { doc } = s;
  if (!doc) return '';
  const labels = laneLabels(s.lanes);
  const bound = s.budget.unit === 'tokens' ? `${formatNumber(s.budget.value)} tokens` : `${formatNumber(s.budget.value)} ${s.budget.value === 1 ? 'message' : 'messages'}`;
  const lanes = s.lanes
    .map((lane: LaneSpec, k) => {
      const plan = s.plans[lane.id];
      if (!plan) return `${labels[k]} is planning`;
      const parts = [`keeps ${plan.kept}`];
      if (plan.summarized > 0) parts.push(`summarizes ${plan.summarized}`);
      if (plan.masked > 0) parts.push(`masks ${plan.masked}`);
      return `${labels[k] ?? getStrategy(lane.strategy).label} ${parts.join(' and ')}`;
    })
    .join(', ');
  return (
    `Loaded ${doc.fileName}${doc.conversations.length > 1 ? `, ${doc.conversationTitle}` : ''}: ${doc.count} messages` +
    (doc.systemChars > 0 ? ` and a ${doc.systemChars}-character system prompt, never pruned` : '') +
    (doc.warningCount > 0 ? `; ${doc.warningCount} ${doc.warningCount === 1 ? 'parse warning' : 'parse warnings'}` : '') +
    `. Budget ${bound}: ${lanes}.`
  );
}
