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

type NavigationActions = Pick<
  InspectorActions,
  'select' | 'moveSelection' | 'hover' | 'setFilters' | 'clearFilters' | 'setFocus' | 'setQuery' | 'stepMatch' | 'openDetail' | 'setDetailOpen' | 'jumpTo' | 'dismissJumpNotice'
> & { requestDetail(index: number): void; runSearch(): void; applyNavigation(view: ViewState): void };

export function navigationActions(set: Set, get: Get, client: PruneClient): NavigationActions {
  const requestDetail = detailRequester(set, get, client);
  let noticeSeq = 0;
  return {
    requestDetail,
    ...searchActions(set, get, client),

    select(index, options = {}) {
      const { doc } = get();
      if (!doc) return;
      const next = index < 0 ? -1 : Math.min(index, doc.count - 1);
      // A keyboard move takes over from the mouse: the selection, not a stale hover, drives the link highlight.
      set({ selected: next, ...(options.scroll ? { scrollSeq: get().scrollSeq + 1, hovered: -1 } : {}) });
      requestDetail(next);
    },

    moveSelection(delta) {
      const { items } = get();
      const p = messagePositionAfter(items, get().selected, delta);
      if (p >= 0) get().select(items[p] as number, { scroll: true });
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
        const text = jumpNoticeText(target, reasons);
        set(withItems(get(), { filters: relaxFilters(s.filters, reasons), jumpNotice: { text, previous: s.filters, seq: ++noticeSeq } }));
        get().announce(text);
      }
      get().select(target, { scroll: true });
    },

    dismissJumpNotice() {
      if (get().jumpNotice) set({ jumpNotice: undefined });
    },

    applyNavigation(view) {
      const { lanes } = get();
      set(withItems(get(), { filters: filtersOf(view, lanes), focus: view.focus !== undefined ? lanes[view.focus]?.id : undefined }));
      if (view.query !== undefined && view.query !== get().query) get().setQuery(view.query);
    },
  };
}

/** Asks the worker for the selected message in full, once a fast key repeat settles on it. */
function detailRequester(set: Set, get: Get, client: PruneClient): (index: number) => void {
  let detailTimer: ReturnType<typeof setTimeout> | undefined;
  return (index) => {
    clearTimeout(detailTimer);
    const doc = get().doc;
    if (!doc || index < 0) {
      set({ detail: undefined });
      return;
    }
    detailTimer = setTimeout(() => {
      void client.detail(doc.docId, index).then((detail) => {
        if (detail && get().doc?.docId === doc.docId && get().selected === detail.index) set({ detail });
      });
    }, 40);
  };
}

/** Search as you type (debounced), and Enter / ⇧Enter through the matches, even before the worker has answered. */
function searchActions(set: Set, get: Get, client: PruneClient): Pick<NavigationActions, 'setQuery' | 'stepMatch' | 'runSearch'> {
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  // Enter pressed before the worker answered: the step to take once it has.
  let pendingStep: 1 | -1 | undefined;

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

  return {
    runSearch,

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
      const pos = matchPositionAfter(matches, selected, direction);
      const target = matches[pos] as number;
      get().jumpTo(target);
      get().announce(`Match ${pos + 1} of ${matches.length}: message ${target}`);
    },
  };
}

/**
 * The position in `items` (visible rows; negative ones are not messages) that a move by `delta` from message
 * `selected` lands on, skipping rows that are not messages; -1 when no message is shown.
 */
function messagePositionAfter(items: Int32Array, selected: number, delta: number | 'first' | 'last'): number {
  const isMessage = (p: number): boolean => p >= 0 && p < items.length && (items[p] as number) >= 0;
  if (items.length === 0) return -1;
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
  return isMessage(p) ? p : -1;
}

/** The next (or previous) match after message `selected`, wrapping around. */
function matchPositionAfter(matches: Int32Array, selected: number, direction: 1 | -1): number {
  if (direction > 0) {
    const pos = upperBound(matches, selected);
    return pos >= matches.length ? 0 : pos;
  }
  const pos = lowerBound(matches, selected) - 1;
  return pos < 0 ? matches.length - 1 : pos;
}

/** A view's filters, its lanes named by position made lanes of this screen. */
function filtersOf(view: ViewState, lanes: InspectorState['lanes']): InspectorState['filters'] {
  const fates: InspectorState['filters']['fates'] = {};
  for (const [position, list] of Object.entries(view.fates)) {
    const lane = lanes[Number(position)];
    if (lane) fates[lane.id] = list;
  }
  return { roles: view.roles, tools: view.tools, fates, matchesOnly: view.matchesOnly };
}

function jumpNoticeText(target: number, reasons: FilterName[]): string {
  const names = reasons.map((r) => FILTER_LABEL[r]);
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
  return `#${target} was hidden by the ${list} filter${reasons.length > 1 ? 's' : ''}; cleared ${reasons.length > 1 ? 'them' : 'it'} to show it.`;
}

/** Jump to message `index`'s first tool partner, if it has one. */
export function jumpToPartner(store: { getState(): Inspector }, index: number): void {
  const target = partnersOf(store.getState().rows, index)?.[0];
  if (target !== undefined) store.getState().jumpTo(target);
}
