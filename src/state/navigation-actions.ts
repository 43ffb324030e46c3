/** Selection, hover, filters, focus, search and jumps: what moves around the timeline without re-planning. */
import type { PruneClient } from '../worker/client';
import { lowerBound, positionOf, upperBound } from './bounds';
import { lanePlans, withItems, type Inspector, type InspectorActions, type InspectorState } from './inspector-state';
import { NO_FILTERS, type ViewState } from './view';
import { hiddenBy, partnersOf, relaxFilters, type FilterName } from './visible-rows';

type Set = (partial: Partial<InspectorState>) => void;
type Get = () => Inspector;

const EMPTY = new Int32Array(0);
const FILTER_LABEL: Record<FilterName, string> = { role: 'Role', tool: 'Tools', fate: 'Fates', matches: 'Only matches' };

export function navigationActions(set: Set, get: Get, client: PruneClient) {
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let detailTimer: ReturnType<typeof setTimeout> | undefined;
  let noticeSeq = 0;
  // Enter pressed before the worker answered: the step to take once it has.
  let pendingStep: 1 | -1 | undefined;

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
      set(withItems(get(), { matches: EMPTY, matchMask: undefined, searching: false }));
      return;
    }
    set({ searching: true });
    void client.search(doc.docId, query).then((matches) => {
      if (!matches || get().doc?.docId !== doc.docId || get().query !== query) return;
      const mask = new Uint8Array(doc.count);
      for (const m of matches) mask[m] = 1;
      set(withItems(get(), { matches, matchMask: mask, searching: false }));
      get().announce(`${matches.length} ${matches.length === 1 ? 'match' : 'matches'} for “${query}”`);
      const step = pendingStep;
      pendingStep = undefined;
      if (step !== undefined && matches.length > 0) get().stepMatch(step);
    });
  };

  const actions: Pick<
    InspectorActions,
    'select' | 'moveSelection' | 'hover' | 'setFilters' | 'clearFilters' | 'setFocus' | 'setQuery' | 'stepMatch' | 'openDetail' | 'setDetailOpen' | 'jumpTo' | 'dismissJumpNotice'
  > & { requestDetail(index: number): void; runSearch(): void; applyNavigation(view: ViewState): void } = {
    requestDetail,
    runSearch,

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
      const isMessage = (p: number): boolean => p >= 0 && p < items.length && (items[p] as number) >= 0;
      if (items.length === 0) return;
      let p: number;
      if (delta === 'first') p = 0;
      else if (delta === 'last') p = items.length - 1;
      else if (selected < 0) p = delta > 0 ? 0 : items.length - 1;
      else {
        const at = positionOf(items, selected);
        // Not on screen (filtered out): step from where it would be.
        const from = at >= 0 ? at : lowerBound(items, selected) - (delta > 0 ? 1 : 0);
        p = Math.min(Math.max(from + delta, 0), items.length - 1);
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
      set(withItems(get(), { filters: { ...get().filters, ...update } }));
    },

    clearFilters() {
      set(withItems(get(), { filters: NO_FILTERS }));
    },

    setFocus(laneId) {
      set({ focus: laneId });
    },

    setQuery(query) {
      set({ query });
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => {
        searchTimer = undefined;
        runSearch();
      }, 120);
    },

    stepMatch(direction) {
      const { matches, selected, query, searching } = get();
      // Enter before the worker answered: search now and step once it has.
      if (matches.length === 0 && query.trim() && (searching || searchTimer !== undefined)) {
        clearTimeout(searchTimer);
        searchTimer = undefined;
        pendingStep = direction;
        runSearch();
        return;
      }
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
      get().jumpTo(target);
      get().announce(`Match ${pos + 1} of ${matches.length}: message ${target}`);
    },

    openDetail() {
      if (get().selected >= 0) set({ detailFocusSeq: get().detailFocusSeq + 1, detailOpen: true });
    },

    setDetailOpen(open) {
      set({ detailOpen: open });
    },

    jumpTo(target) {
      const s = get();
      if (!s.rows || target < 0 || target >= s.rows.count) return;
      const reasons = hiddenBy(s.rows, lanePlans(s), s.lanes.map((l) => l.id), s.filters, s.matchMask, target);
      if (reasons.length > 0) {
        const previous = s.filters;
        const names = reasons.map((r) => FILTER_LABEL[r]);
        const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
        const text = `#${target} was hidden by the ${list} filter${reasons.length > 1 ? 's' : ''}; cleared ${reasons.length > 1 ? 'them' : 'it'} to show it.`;
        set(withItems(get(), { filters: relaxFilters(s.filters, reasons), jumpNotice: { text, previous, seq: ++noticeSeq } }));
        get().announce(text);
      }
      get().select(target, { scroll: true });
    },

    dismissJumpNotice() {
      if (get().jumpNotice) set({ jumpNotice: undefined });
    },

    applyNavigation(view) {
      const { lanes } = get();
      const fates: InspectorState['filters']['fates'] = {};
      for (const [position, list] of Object.entries(view.fates)) {
        const lane = lanes[Number(position)];
        if (lane) fates[lane.id] = list;
      }
      set(withItems(get(), { filters: { roles: view.roles, tools: view.tools, fates, matchesOnly: view.matchesOnly }, focus: view.focus !== undefined ? lanes[view.focus]?.id : undefined }));
      if (view.query !== undefined && view.query !== get().query) get().setQuery(view.query);
    },
  };
  return actions;
}

/** Jump to message `index`'s first tool partner, if it has one. */
export function jumpToPartner(store: { getState(): Inspector }, index: number): void {
  const target = partnersOf(store.getState().rows, index)?.[0];
  if (target !== undefined) store.getState().jumpTo(target);
}
