/**
 * The inspector's state: a vanilla zustand store (no React here; hooks live in `hooks.ts`).
 * It talks to the worker only through `PruneClient`, and renders nothing itself.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PruneStrategy } from '../core';
import type { LoadOutcome, PruneClient } from '../worker/client';
import {
  STRATEGY_LABELS,
  clampMaxTurns,
  type DocSummary,
  type ExportResult,
  type LoadErrorInfo,
  type LoadPhase,
  type LoadSource,
  type MessageDetail,
  type PlanResult,
  type RowData,
  type Verdict,
} from '../worker/protocol';
import { NO_FILTERS, type Filters, type ViewState } from './view';
import { SUMMARY_ROW, visibleRows } from './visible-rows';

export interface LoadingStatus {
  fileName: string;
  phase: LoadPhase;
  bytes?: number;
  startedAt: number;
}

export interface InspectorState {
  loading?: LoadingStatus;
  loadError?: LoadErrorInfo;
  doc?: DocSummary;
  rows?: RowData;
  /** The bound asked for (the controls show it). */
  maxTurns: number;
  /** The plans on screen and the bound they answer; lags `maxTurns` while the worker works. */
  plans?: PlanResult[];
  planMaxTurns: number;
  verdicts?: Verdict[];
  verdictMaxTurns: number;
  /** Message index, or -1. */
  selected: number;
  hovered: number;
  filters: Filters;
  focus?: PruneStrategy;
  query: string;
  matches: Int32Array;
  matchMask?: Uint8Array;
  searching: boolean;
  /** Visible rows in order, with `SUMMARY_ROW` where the summary lands. */
  items: Int32Array;
  detail?: MessageDetail;
  /** Bumped to ask the timeline to scroll the selection into view. */
  scrollSeq: number;
  /** Bumped to ask the detail pane to take focus. */
  detailFocusSeq: number;
  helpOpen: boolean;
  /** Polite status for screen readers. */
  announcement: string;
  /** How the worker runs: a Worker, or the main-thread fallback. */
  engine: 'worker' | 'main-thread';
}

export interface InspectorActions {
  load(source: LoadSource, options?: { maxTurns?: number; conversation?: number; selected?: number }): Promise<LoadOutcome>;
  selectConversation(index: number): Promise<void>;
  setMaxTurns(value: number): void;
  select(index: number, options?: { scroll?: boolean }): void;
  moveSelection(delta: number | 'first' | 'last'): void;
  hover(index: number): void;
  setFilters(update: Partial<Filters>): void;
  clearFilters(): void;
  setFocus(strategy: PruneStrategy | undefined): void;
  setQuery(query: string): void;
  stepMatch(direction: 1 | -1): void;
  openDetail(): void;
  setHelpOpen(open: boolean): void;
  dismissError(): void;
  exportPruned(strategy: PruneStrategy): Promise<ExportResult | null>;
  applyView(view: ViewState): void;
  announce(text: string): void;
}

export type InspectorStore = StoreApi<InspectorState & InspectorActions>;

const EMPTY = new Int32Array(0);

/** `partial` plus the visible rows for `state` with `partial` applied. */
function withItems(state: InspectorState, partial: Partial<InspectorState> = {}): Partial<InspectorState> {
  const s = { ...state, ...partial };
  if (!s.rows) return { ...partial, items: EMPTY };
  return { ...partial, items: visibleRows(s.rows, s.plans, s.filters, s.matchMask) };
}

export function createInspectorStore(client: PruneClient): InspectorStore {
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let detailTimer: ReturnType<typeof setTimeout> | undefined;

  const store = createStore<InspectorState & InspectorActions>()((set, get) => {
    const recompute = (partial: Partial<InspectorState> = {}): Partial<InspectorState> => withItems(get(), partial);

    const requestDetail = (index: number): void => {
      clearTimeout(detailTimer);
      const doc = get().doc;
      if (!doc || index < 0) {
        set({ detail: undefined });
        return;
      }
      // Key repeat moves the selection fast; ask for the full message once it settles.
      detailTimer = setTimeout(() => {
        void client.detail(doc.docId, index).then((detail) => {
          if (detail && get().doc?.docId === doc.docId && get().selected === detail.index) set({ detail });
        });
      }, 40);
    };

    const runSearch = (): void => {
      const { doc, query } = get();
      if (!doc) return;
      if (!query.trim()) {
        set(recompute({ matches: EMPTY, matchMask: undefined, searching: false }));
        return;
      }
      set({ searching: true });
      void client.search(doc.docId, query).then((matches) => {
        if (!matches || get().doc?.docId !== doc.docId || get().query !== query) return;
        const mask = new Uint8Array(doc.count);
        for (const m of matches) mask[m] = 1;
        set(recompute({ matches, matchMask: mask, searching: false }));
        get().announce(`${matches.length} ${matches.length === 1 ? 'match' : 'matches'} for “${query}”`);
      });
    };

    const adopt = (outcome: LoadOutcome, selected: number | undefined): void => {
      if (outcome.status !== 'loaded') return;
      const { doc, rows, maxTurns, plans } = outcome;
      const sel = selected !== undefined && selected < doc.count ? selected : -1;
      set(
        recompute({
          loading: undefined,
          loadError: undefined,
          doc,
          rows,
          maxTurns,
          plans,
          planMaxTurns: maxTurns,
          verdicts: undefined,
          verdictMaxTurns: -1,
          selected: sel,
          hovered: -1,
          matches: EMPTY,
          matchMask: undefined,
          detail: undefined,
          scrollSeq: get().scrollSeq + 1,
        }),
      );
      get().announce(
        `Loaded ${doc.fileName}${doc.conversations.length > 1 ? `, ${doc.conversationTitle}` : ''}: ${doc.count} messages` +
          (doc.systemChars > 0 ? ` and a ${doc.systemChars}-character system prompt, never pruned` : '') +
          (doc.warningCount > 0 ? `; ${doc.warningCount} ${doc.warningCount === 1 ? 'parse warning' : 'parse warnings'}` : '') +
          `. Max turns ${maxTurns}: ` +
          plans.map((p) => `${STRATEGY_LABELS[p.strategy]} keeps ${p.kept}${p.summarized > 0 ? ` and summarizes ${p.summarized}` : ''}`).join(', ') +
          '.',
      );
      if (sel >= 0) requestDetail(sel);
      if (get().query.trim()) runSearch();
    };

    return {
      maxTurns: 0,
      planMaxTurns: -1,
      verdictMaxTurns: -1,
      selected: -1,
      hovered: -1,
      filters: NO_FILTERS,
      query: '',
      matches: EMPTY,
      searching: false,
      items: EMPTY,
      scrollSeq: 0,
      detailFocusSeq: 0,
      helpOpen: false,
      announcement: '',
      engine: client.kind,

      async load(source, options = {}) {
        const fileName = source.kind === 'text' ? (source.fileName ?? 'pasted transcript') : source.fileName;
        set({ loading: { fileName, phase: 'reading', startedAt: Date.now() } });
        const outcome = await client.load(source, {
          ...(options.maxTurns !== undefined ? { maxTurns: options.maxTurns } : {}),
          ...(options.conversation !== undefined ? { conversation: options.conversation } : {}),
          onProgress: (phase, bytes) => {
            const loading = get().loading;
            if (loading) set({ loading: { ...loading, phase, ...(bytes !== undefined ? { bytes } : {}) } });
          },
        });
        if (outcome.status === 'stale') return outcome;
        if (outcome.status === 'error') {
          // The previous transcript stays loaded; the error shows in place.
          set({ loading: undefined, loadError: outcome.error });
          get().announce(`Could not load ${outcome.error.fileName ?? fileName}: ${outcome.error.message}`);
          return outcome;
        }
        adopt(outcome, options.selected);
        return outcome;
      },

      async selectConversation(index) {
        const doc = get().doc;
        if (!doc || index === doc.conversationIndex) return;
        set({ loading: { fileName: doc.fileName, phase: 'analyzing', startedAt: Date.now() } });
        const outcome = await client.selectConversation(doc.docId, index);
        if (outcome.status === 'error') set({ loading: undefined, loadError: outcome.error });
        else adopt(outcome, undefined);
      },

      setMaxTurns(value) {
        const { doc, maxTurns } = get();
        if (!doc) return;
        const next = clampMaxTurns(value, doc.count);
        if (next === maxTurns) return;
        set({ maxTurns: next });
        client.setMaxTurns(doc.docId, next);
      },

      select(index, options = {}) {
        const { doc } = get();
        if (!doc) return;
        const next = index < 0 ? -1 : Math.min(index, doc.count - 1);
        // A keyboard move takes over from the mouse: the selection, not a stale hover, drives the link highlight.
        set({ selected: next, ...(options.scroll ? { scrollSeq: get().scrollSeq + 1, hovered: -1 } : {}) });
        requestDetail(next);
      },

      moveSelection(delta) {
        const { items, selected } = get();
        if (items.length === 0) return;
        const isMessage = (p: number): boolean => p >= 0 && p < items.length && (items[p] as number) !== SUMMARY_ROW;
        let p: number;
        if (delta === 'first') p = 0;
        else if (delta === 'last') p = items.length - 1;
        else if (selected < 0) p = delta > 0 ? 0 : items.length - 1;
        else {
          const at = lowerBound(items, selected);
          const onRow = at < items.length && items[at] === selected;
          p = delta > 0 ? (onRow ? at + delta : at + delta - 1) : at + delta;
          p = Math.min(Math.max(p, 0), items.length - 1);
        }
        const step = delta === 'last' || (typeof delta === 'number' && delta < 0) ? -1 : 1;
        while (p >= 0 && p < items.length && !isMessage(p)) p += step;
        if (!isMessage(p)) {
          p -= step;
          while (p >= 0 && p < items.length && !isMessage(p)) p -= step;
        }
        if (isMessage(p)) get().select(items[p] as number, { scroll: true });
      },

      hover(index) {
        if (get().hovered !== index) set({ hovered: index });
      },

      setFilters(update) {
        set(recompute({ filters: { ...get().filters, ...update } }));
      },

      clearFilters() {
        set(recompute({ filters: NO_FILTERS }));
      },

      setFocus(strategy) {
        set({ focus: strategy });
      },

      setQuery(query) {
        set({ query });
        clearTimeout(searchTimer);
        searchTimer = setTimeout(runSearch, 120);
      },

      stepMatch(direction) {
        const { matches, selected } = get();
        if (matches.length === 0) return;
        let pos: number;
        if (direction > 0) {
          pos = upperBound(matches, selected);
          if (pos >= matches.length) pos = 0;
        } else {
          pos = lowerBound(matches, selected) - 1;
          if (pos < 0) pos = matches.length - 1;
        }
        const target = matches[pos] as number;
        get().select(target, { scroll: true });
        get().announce(`Match ${pos + 1} of ${matches.length}: message ${target}`);
      },

      openDetail() {
        if (get().selected >= 0) set({ detailFocusSeq: get().detailFocusSeq + 1 });
      },

      setHelpOpen(open) {
        set({ helpOpen: open });
      },

      dismissError() {
        set({ loadError: undefined });
      },

      async exportPruned(strategy) {
        const { doc, planMaxTurns, maxTurns } = get();
        if (!doc) return null;
        return client.exportPruned(doc.docId, strategy, planMaxTurns >= 0 ? planMaxTurns : maxTurns);
      },

      applyView(view) {
        const { doc } = get();
        const partial: Partial<InspectorState> = { filters: view.filters, focus: view.focus };
        set(recompute(partial));
        if (view.query !== undefined && view.query !== get().query) get().setQuery(view.query);
        if (!doc) return;
        if (view.conversation !== undefined && view.conversation !== doc.conversationIndex) {
          void get().selectConversation(view.conversation);
          return;
        }
        if (view.maxTurns !== undefined) get().setMaxTurns(view.maxTurns);
        if (view.selected !== undefined && view.selected !== get().selected) get().select(view.selected, { scroll: true });
      },

      announce(text) {
        set({ announcement: text });
      },
    };
  });

  client.events.onPlanned = ({ docId, maxTurns, plans }) => {
    const s = store.getState();
    if (s.doc?.docId !== docId || !s.rows) return;
    store.setState(withItems(s, { plans, planMaxTurns: maxTurns }));
  };
  client.events.onPlanError = (message) => store.getState().announce(`Pruning failed: ${message}`);
  client.events.onVerdicts = ({ docId, maxTurns, verdicts }) => {
    const s = store.getState();
    if (s.doc?.docId !== docId || maxTurns !== s.planMaxTurns) return;
    store.setState({ verdicts, verdictMaxTurns: maxTurns });
  };

  return store;
}

/** First position whose value is ≥ `value` (values ascending). */
export function lowerBound(values: Int32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = values[mid] as number;
    // The summary row sorts where it lands: treat it as equal to its neighbours by skipping it.
    if (v < value && v !== SUMMARY_ROW) lo = mid + 1;
    else if (v === SUMMARY_ROW) {
      const next = mid + 1 < values.length ? (values[mid + 1] as number) : Infinity;
      if (next < value) lo = mid + 1;
      else hi = mid;
    } else hi = mid;
  }
  return lo;
}

/** Where message `index` sits in `items` (ascending, the summary row allowed), or -1 when it is not there. */
export function positionOf(items: Int32Array, index: number): number {
  if (index < 0) return -1;
  const at = lowerBound(items, index);
  return at < items.length && items[at] === index ? at : -1;
}

/** First position whose value is > `value`. */
export function upperBound(values: Int32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
