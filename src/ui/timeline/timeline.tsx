import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject, type UIEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { jumpToPartner, laneStatus, partnersOf, positionOf, type InspectorStore } from '../../state';
import { useInspector, useInspectorStore } from '../../state/react';
import { laneLabels } from '../../worker/lanes';
import type { PlanResult } from '../../worker/protocol';
import { ROW_H, type RowLane } from './timeline-row';
import { TimelineHead } from './timeline-head';
import { ScoreTooltip, type ScoreTip } from './score-tooltip';
import { Minimap } from './minimap';
import { markAfterPaint } from '../common/perf';
import { markPhase } from '../../worker/phase-timing';
import { rowsViewport, useKeepSelectionInView } from './keep-in-view';
import { useSharedTimelineWidth } from './timeline-width';
import { CellTip, useCellTip, type CellTipState } from './cell-tip';
import { ColumnLabels, TimelineRows, type LaneView, type RowsContext } from './timeline-rows';

export function Timeline() {
  const store = useInspectorStore();
  const rows = useInspector((s) => s.rows);
  const items = useInspector((s) => s.items);
  const lanes = useInspector((s) => s.lanes);
  const selected = useInspector((s) => s.selected);
  const hovered = useInspector((s) => s.hovered);
  const scrollSeq = useInspector((s) => s.scrollSeq);
  const count = useInspector((s) => s.doc?.count ?? 0);
  const hover = useInspector((s) => s.hover);

  const rootRef = useRef<HTMLDivElement>(null);
  // The grid is the rows' scroll area (so it is the one focusable, scrollable region); the column labels stick to
  // its top. The lane headers above scroll sideways with it.
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastLeft = useRef(0);
  const headRef = useRef<HTMLDivElement>(null);
  const labelsRef = useRef<HTMLDivElement>(null);
  const labelsHeight = useHeightOf(labelsRef);
  const [tip, setTip] = useState<ScoreTip | null>(null);
  const cellTipRef = useRef<HTMLDivElement>(null);
  const cellTip = useCellTip(scrollRef, cellTipRef, lanes.length, selected);

  useSharedTimelineWidth(rootRef, scrollRef);
  const virtualizer = useRowsVirtualizer(items.length, scrollRef, labelsHeight);
  useKeepSelectionInView(store, scrollRef, labelsRef, scrollSeq);
  useFocusOnLoad(scrollRef);
  usePaintMarks();

  const active = hovered >= 0 ? hovered : selected;
  const laneView = useLaneView();
  const ctx = useRowsContext(store, laneView, active, cellTip.lane, setTip);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    followSideways(e.currentTarget.scrollLeft, lastLeft, headRef);
    if (tip) setTip(null);
    cellTip.place();
  };

  return (
    <div ref={rootRef} className="flex min-h-0 min-w-0 flex-1 flex-col" style={{ '--lanes': lanes.length, '--add-lane': '40px' } as CSSProperties}>
      <LaneHeads headRef={headRef} scrollRef={scrollRef} />
      <div className="flex min-h-0 flex-1">
        <div
          ref={scrollRef}
          id="timeline"
          role="grid"
          aria-label="Timeline"
          aria-rowcount={count + 1}
          aria-colcount={6 + lanes.length}
          tabIndex={0}
          aria-activedescendant={activeDescendant(items, selected, cellTip.lane)}
          className="scroll-thin relative min-h-0 min-w-0 flex-1 overflow-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500"
          onMouseLeave={() => hover(-1)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) cellTip.reset();
          }}
          onKeyDown={(e) => onGridKey(e, store, cellTip, scrollRef.current ? rowsViewport(scrollRef.current, labelsHeight).height : 600)}
          onScroll={onScroll}
          onWheel={() => {
            // Rows move under a still pointer while wheeling; the hover link follows the next mouse move instead.
            if (store.getState().hovered >= 0) hover(-1);
          }}
        >
          <ColumnLabels labelsRef={labelsRef} lanes={laneView.rowLanes} />
          {ctx && <TimelineRows window={virtualizer.getVirtualItems()} totalHeight={virtualizer.getTotalSize()} labelsHeight={labelsHeight} partners={partnersOf(rows, active)} ctx={ctx} />}
          {rows && items.length === 0 && <p className="p-6 text-sm text-zinc-500 dark:text-zinc-400">No message matches the filters.</p>}
        </div>
        <Minimap scrollRef={scrollRef} rowsTop={labelsHeight} />
      </div>
      {tip && rows && tip.index < rows.count && <ScoreTooltip tip={tip} rows={rows} />}
      <CellTip ref={cellTipRef} lane={cellTip.lane} />
    </div>
  );
}

function useRowsVirtualizer(count: number, scrollRef: RefObject<HTMLDivElement | null>, labelsHeight: number) {
  // TanStack Virtual's functions cannot be memoized by the React Compiler; this component re-renders on scroll anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 3,
    // The rows start below the sticky column labels.
    scrollMargin: labelsHeight,
    // Render the rows a scroll brings in as an ordinary React update, not synchronously inside the scroll event:
    // the rows' JavaScript and the browser's style/layout/paint then run as two tasks, neither one long.
    useFlushSync: false,
  });
}

/** The grid's active descendant: the selected row's active lane cell, else the selected row, if it is shown. */
function activeDescendant(items: Int32Array, selected: number, lane: number): string | undefined {
  if (selected < 0 || positionOf(items, selected) < 0) return undefined;
  return lane >= 0 ? `cell-${selected}-${lane}` : `row-${selected}`;
}

/**
 * The lane headers above the grid, scrolled sideways with its rows and cut where the rows are (`--timeline-w`, the
 * rows' box without the overview strip and scrollbar): lanes wider than the page showed their last headers over the
 * strip, beside cells hidden under it.
 */
function LaneHeads({ headRef, scrollRef }: { headRef: RefObject<HTMLDivElement | null>; scrollRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div className="shrink-0 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div
        ref={headRef}
        className="max-w-(--timeline-w) overflow-hidden"
        onScroll={(e) => {
          // Focus moving to a lane header out of sight scrolls this box; the rows scroll instead, and the headers
          // follow them (below), so headers and cells stay one column.
          const delta = e.currentTarget.scrollLeft;
          if (delta === 0) return;
          e.currentTarget.scrollLeft = 0;
          if (scrollRef.current) scrollRef.current.scrollLeft += delta;
        }}
      >
        <TimelineHead />
      </div>
    </div>
  );
}

/** The lane headers follow the rows' sideways scroll. */
function followSideways(left: number, lastLeft: { current: number }, headRef: RefObject<HTMLDivElement | null>): void {
  if (left === lastLeft.current) return;
  lastLeft.current = left;
  // A transform, not the head's own scrollLeft: the head box scrolls only when focus moves into a header out of
  // sight, and hands that scroll to the rows (LaneHeads); its own scrollLeft stays 0.
  const head = headRef.current?.firstElementChild;
  if (head instanceof HTMLElement) head.style.transform = left ? `translateX(${-left}px)` : '';
}

/** The grid's own keys: rows up and down, a page, the ends, and ←/→ across the selected row's lane cells. */
function onGridKey(e: KeyboardEvent<HTMLDivElement>, store: InspectorStore, cellTip: CellTipState, viewHeight: number): void {
  const s = store.getState();
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    s.moveSelection(e.key === 'ArrowDown' ? 1 : -1);
  } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
    // Across the selected row's lane cells, each saying its fate and why (the hover title, by keyboard).
    e.preventDefault();
    if (s.selected < 0) s.moveSelection(1);
    cellTip.step(e.key === 'ArrowRight' ? 1 : -1);
  } else if (e.key === 'PageDown' || e.key === 'PageUp') {
    e.preventDefault();
    const page = Math.max(1, Math.floor(viewHeight / ROW_H) - 1);
    s.moveSelection(e.key === 'PageDown' ? page : -page);
  } else if (e.key === 'Home' || e.key === 'End') {
    e.preventDefault();
    s.moveSelection(e.key === 'Home' ? 'first' : 'last');
  } else if (e.key === 'Escape' && cellTip.lane >= 0) {
    cellTip.reset();
  }
}

/** An element's height, kept current. */
function useHeightOf(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(el.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}

/** After a transcript loads, the timeline takes focus so j/k/g/Enter work at once (unless you are typing somewhere). */
function useFocusOnLoad(scrollRef: RefObject<HTMLElement | null>): void {
  const docId = useInspector((s) => s.doc?.docId ?? 0);
  useEffect(() => {
    if (!docId) return;
    const active = document.activeElement;
    const typing = active instanceof HTMLElement && active.matches('input[type="search"], textarea, [contenteditable="true"]');
    const inDialog = active instanceof HTMLElement && active.closest('[role="dialog"], dialog') !== null;
    if (!typing && !inDialog) scrollRef.current?.focus({ preventScroll: true });
  }, [docId, scrollRef]);
}

/** Performance marks for the browser benchmark: a new transcript or a new plan on screen. */
function usePaintMarks(): void {
  const docId = useInspector((s) => s.doc?.docId ?? 0);
  const plans = useInspector((s) => s.plans);
  const budget = useInspector((s) => s.budget);
  useLayoutEffect(() => {
    if (docId) markAfterPaint('ps:timeline-painted', { docId });
  }, [docId]);
  // A new bound committed (its lanes dimmed while they plan): the main thread's own share of a budget change.
  useLayoutEffect(() => markPhase('ps:plan-budget-committed'), [budget]);
  useLayoutEffect(() => {
    if (Object.keys(plans).length === 0) return;
    // Committed: every lane's cells and header are in the DOM for the plans on hand. Painted: the frame after.
    const keys = Object.values(plans).map((p) => p.key);
    markPhase('ps:plan-committed', { keys });
    markAfterPaint('ps:plan-painted', { keys });
  }, [plans]);
}

/** Per lane: the plan shown, its label, and whether it answers an older bound (stable between plans). */
function useLaneView(): LaneView {
  const lanes = useInspector((s) => s.lanes);
  const plans = useInspector((s) => s.plans);
  const laneErrors = useInspector((s) => s.laneErrors);
  const budget = useInspector((s) => s.budget);
  const pinned = useInspector((s) => s.pinned);
  const doc = useInspector((s) => s.doc);
  // Apart from the plans: every row takes `rowLanes`, and a new array each plan re-rendered every row.
  const rowLanes = useMemo(() => {
    const labels = laneLabels(lanes);
    return lanes.map((lane, k): RowLane => ({ id: lane.id, strategy: lane.strategy, label: labels[k] ?? lane.strategy }));
  }, [lanes]);
  return useMemo(() => {
    const shown: (PlanResult | undefined)[] = lanes.map((lane) => plans[lane.id]);
    const stale = lanes.map((lane) => (laneStatus({ plans, laneErrors, budget, pinned, doc }, lane) === 'updating' ? '1' : '0')).join('');
    return { rowLanes, shown, stale, hasCells: shown.some((p) => p?.cells !== undefined) };
  }, [rowLanes, lanes, plans, laneErrors, budget, pinned, doc]);
}

/** What every row shares, stable between renders where its parts are; undefined before a transcript has rows. */
function useRowsContext(store: InspectorStore, laneView: LaneView, active: number, activeLane: number, setTip: (tip: ScoreTip | null) => void): RowsContext | undefined {
  const rows = useInspector((s) => s.rows);
  const items = useInspector((s) => s.items);
  const extras = useInspector((s) => s.extras);
  const lanes = useInspector((s) => s.lanes);
  const pinned = useInspector((s) => s.pinned);
  const doc = useInspector((s) => s.doc);
  const selected = useInspector((s) => s.selected);
  const matchMask = useInspector((s) => s.matchMask);
  const focus = useInspector((s) => s.focus);
  const select = useInspector((s) => s.select);
  const hover = useInspector((s) => s.hover);
  const openDetail = useInspector((s) => s.openDetail);
  // Keyed on what the partners come from: partnersOf returns a new subarray every render.
  const linkedSet = useMemo(() => new Set(partnersOf(rows, active) ?? []), [rows, active]);
  const pinnedSet = useMemo(() => new Set(pinned), [pinned]);
  const onSelect = useCallback((index: number) => select(index), [select]);
  const onOpen = useCallback(
    (index: number) => {
      select(index);
      openDetail();
    },
    [select, openDetail],
  );
  const onJump = useCallback((index: number) => jumpToPartner(store, index), [store]);
  const onScoreTip = useCallback(
    (index: number, target: HTMLElement | null) => {
      const rect = target?.getBoundingClientRect();
      setTip(index < 0 || !rect ? null : { index, left: rect.left, top: rect.bottom + 4 });
    },
    [setTip],
  );
  if (!rows) return undefined;
  const focusLane = focus ? lanes.findIndex((l) => l.id === focus) : -1;
  return { rows, items, extras, doc, laneView, pinnedSet, linkedSet, selected, active, activeLane, matchMask, focusLane, onSelect, onOpen, onHover: hover, onJump, onScoreTip };
}
