import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { extraOf, jumpToPartner, laneStatus, partnersOf, positionOf } from '../../state';
import { useInspector, useInspectorStore } from '../../state/react';
import { laneLabels } from '../../worker/lanes';
import type { PlanResult, RowData } from '../../worker/protocol';
import { BoundaryRow, InsertRow, ROW_H, TimelineRow, type RowLane } from './timeline-row';
import { TimelineHead } from './timeline-head';
import { ScoreTooltip, type ScoreTip } from './score-tooltip';
import { Minimap } from './minimap';
import { mark, markAfterPaint } from '../common/perf';
import { rowsViewport, useKeepSelectionInView } from './keep-in-view';
import { useSharedTimelineWidth } from './timeline-width';
import { CellTip, useCellTip } from './cell-tip';

/** A row's preview, cut to what a row can show (shaping text nobody sees costs layout time on every scroll). */
const PREVIEW_SHOWN = 180;
function previewOf(rows: RowData, index: number): string {
  const start = rows.previewOffsets[index] as number;
  const end = rows.previewOffsets[index + 1] as number;
  return end - start > PREVIEW_SHOWN ? `${rows.previewText.slice(start, start + PREVIEW_SHOWN - 1)}…` : rows.previewText.slice(start, end);
}

/** A lane cell's tag and score terms for message `index` (see `PlanResult.cells`), as the row takes them. */
function cellNote(plan: PlanResult | undefined, index: number): string {
  const cells = plan?.cells;
  const tag = cells?.tagOf[index];
  if (!cells || tag === undefined || tag === 255) return '';
  const k = cells.terms.length;
  const terms = cells.terms.map((name, t) => `${name} ${(cells.values[index * k + t] as number).toFixed(2)}`).join(', ');
  return `${cells.tags[tag] ?? ''}\u0001Its ${cells.tags[tag] ?? ''} unit scored ${(cells.score[index] as number).toFixed(2)}: ${terms}.`;
}

export function Timeline() {
  const store = useInspectorStore();
  const rows = useInspector((s) => s.rows);
  const items = useInspector((s) => s.items);
  const lanes = useInspector((s) => s.lanes);
  const plans = useInspector((s) => s.plans);
  const extras = useInspector((s) => s.extras);
  const budget = useInspector((s) => s.budget);
  const pinned = useInspector((s) => s.pinned);
  const laneErrors = useInspector((s) => s.laneErrors);
  const doc = useInspector((s) => s.doc);
  const selected = useInspector((s) => s.selected);
  const hovered = useInspector((s) => s.hovered);
  const matchMask = useInspector((s) => s.matchMask);
  const focus = useInspector((s) => s.focus);
  const scrollSeq = useInspector((s) => s.scrollSeq);
  const docId = useInspector((s) => s.doc?.docId ?? 0);
  const count = useInspector((s) => s.doc?.count ?? 0);
  const select = useInspector((s) => s.select);
  const hover = useInspector((s) => s.hover);
  const openDetail = useInspector((s) => s.openDetail);

  const rootRef = useRef<HTMLDivElement>(null);
  // The grid is the rows' scroll area (so it is the one focusable, scrollable region); the column labels stick to
  // its top. The lane headers above scroll sideways with it.
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastLeft = useRef(0);
  const headRef = useRef<HTMLDivElement>(null);
  const labelsRef = useRef<HTMLDivElement>(null);
  const [labelsHeight, setLabelsHeight] = useState(0);
  const [tip, setTip] = useState<ScoreTip | null>(null);
  const cellTipRef = useRef<HTMLDivElement>(null);
  const cellTip = useCellTip(scrollRef, cellTipRef, lanes.length, selected);

  useSharedTimelineWidth(rootRef, scrollRef);
  useLayoutEffect(() => {
    const labels = labelsRef.current;
    if (!labels) return;
    const measure = () => setLabelsHeight(labels.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(labels);
    return () => observer.disconnect();
  }, []);

  // TanStack Virtual's functions cannot be memoized by the React Compiler; this component re-renders on scroll anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 3,
    // The rows start below the sticky column labels.
    scrollMargin: labelsHeight,
    // Render the rows a scroll brings in as an ordinary React update, not synchronously inside the scroll event:
    // the rows' JavaScript and the browser's style/layout/paint then run as two tasks, neither one long.
    useFlushSync: false,
  });

  useKeepSelectionInView(store, scrollRef, labelsRef, scrollSeq);

  // After a transcript loads, the timeline takes focus so j/k/g/Enter work at once (unless you are typing somewhere).
  useEffect(() => {
    if (!docId) return;
    const active = document.activeElement;
    const typing = active instanceof HTMLElement && active.matches('input[type="search"], textarea, [contenteditable="true"]');
    const inDialog = active instanceof HTMLElement && active.closest('[role="dialog"], dialog') !== null;
    if (!typing && !inDialog) scrollRef.current?.focus({ preventScroll: true });
  }, [docId]);

  // Performance marks for the browser benchmark: a new transcript or a new plan on screen.
  useLayoutEffect(() => {
    if (docId) markAfterPaint('ps:timeline-painted', { docId });
  }, [docId]);
  useLayoutEffect(() => {
    if (Object.keys(plans).length === 0) return;
    // Committed: every lane's cells and header are in the DOM for the plans on hand. Painted: the frame after.
    const keys = Object.values(plans).map((p) => p.key);
    mark('ps:plan-committed', { keys });
    markAfterPaint('ps:plan-painted', { keys });
  }, [plans]);

  const active = hovered >= 0 ? hovered : selected;
  const activePartners = partnersOf(rows, active);
  // Keyed on what the partners come from: partnersOf returns a new subarray every render.
  const linkedSet = useMemo(() => new Set(partnersOf(rows, active) ?? []), [rows, active]);

  const onSelect = useCallback((index: number) => select(index), [select]);
  const onOpen = useCallback(
    (index: number) => {
      select(index);
      openDetail();
    },
    [select, openDetail],
  );
  const onJump = useCallback((index: number) => jumpToPartner(store, index), [store]);
  // Per lane: the plan shown and whether it answers an older bound; the lane list rows get, stable between plans.
  const laneView = useMemo(() => {
    const labels = laneLabels(lanes);
    const rowLanes: RowLane[] = lanes.map((lane, k) => ({ id: lane.id, strategy: lane.strategy, label: labels[k] ?? lane.strategy }));
    const shown: (PlanResult | undefined)[] = lanes.map((lane) => plans[lane.id]);
    const stale = lanes.map((lane) => (laneStatus({ plans, laneErrors, budget, pinned, doc }, lane) === 'updating' ? '1' : '0')).join('');
    return { rowLanes, shown, stale, hasCells: shown.some((p) => p?.cells !== undefined) };
  }, [lanes, plans, laneErrors, budget, pinned, doc]);
  const pinnedSet = useMemo(() => new Set(pinned), [pinned]);
  const onScoreTip = useCallback((index: number, target: HTMLElement | null) => {
    if (index < 0 || !target) {
      setTip(null);
      return;
    }
    const rect = target.getBoundingClientRect();
    setTip({ index, left: rect.left, top: rect.bottom + 4 });
  }, []);

  const focusLane = focus ? lanes.findIndex((l) => l.id === focus) : -1;

  const virtualItems = virtualizer.getVirtualItems();
  const slots = Math.max(1, virtualItems.length);
  const activePos = positionOf(items, active);

  const activeCell = cellTip.lane >= 0 && selected >= 0 && positionOf(items, selected) >= 0 ? `cell-${selected}-${cellTip.lane}` : undefined;

  return (
    <div ref={rootRef} className="flex min-h-0 min-w-0 flex-1 flex-col" style={{ '--lanes': lanes.length, '--add-lane': '40px' } as CSSProperties}>
      <div
        ref={headRef}
        className="shrink-0 overflow-hidden border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950"
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
      <div className="flex min-h-0 flex-1">
        <div
          ref={scrollRef}
          id="timeline"
          role="grid"
          aria-label="Timeline"
          aria-rowcount={count + 1}
          aria-colcount={6 + lanes.length}
          tabIndex={0}
          aria-activedescendant={activeCell ?? (selected >= 0 && positionOf(items, selected) >= 0 ? `row-${selected}` : undefined)}
          className="scroll-thin relative min-h-0 min-w-0 flex-1 overflow-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500"
          onMouseLeave={() => hover(-1)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) cellTip.reset();
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              store.getState().moveSelection(e.key === 'ArrowDown' ? 1 : -1);
            } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
              // Across the selected row's lane cells, each saying its fate and why (the hover title, by keyboard).
              e.preventDefault();
              if (store.getState().selected < 0) store.getState().moveSelection(1);
              cellTip.step(e.key === 'ArrowRight' ? 1 : -1);
            } else if (e.key === 'PageDown' || e.key === 'PageUp') {
              e.preventDefault();
              const view = scrollRef.current ? rowsViewport(scrollRef.current, labelsHeight).height : 600;
              const page = Math.max(1, Math.floor(view / ROW_H) - 1);
              store.getState().moveSelection(e.key === 'PageDown' ? page : -page);
            } else if (e.key === 'Home' || e.key === 'End') {
              e.preventDefault();
              store.getState().moveSelection(e.key === 'Home' ? 'first' : 'last');
            } else if (e.key === 'Escape' && cellTip.lane >= 0) {
              cellTip.reset();
            }
          }}
          onScroll={(e) => {
            const left = e.currentTarget.scrollLeft;
            if (left !== lastLeft.current) {
              lastLeft.current = left;
              // A transform, not the head's own scrollLeft: the head box is wider than the rows' (no minimap or
              // scrollbar beside it), so its scroll range would stop short of theirs.
              const head = headRef.current?.firstElementChild;
              if (head instanceof HTMLElement) head.style.transform = left ? `translateX(${-left}px)` : '';
            }
            if (tip) setTip(null);
            cellTip.place();
          }}
          onWheel={() => {
            // Rows move under a still pointer while wheeling; the hover link follows the next mouse move instead.
            if (store.getState().hovered >= 0) hover(-1);
          }}
        >
          <div ref={labelsRef} role="rowgroup" className="sticky top-0 z-[3] w-max min-w-full border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
            <div role="row" aria-rowindex={1} className="timeline-grid text-[10.5px] font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
              <div role="columnheader" className="py-1.5">
                <span className="sr-only">Tool link</span>
              </div>
              <div role="columnheader" className="py-1.5 pr-2 text-right">#</div>
              <div role="columnheader" className="py-1.5">Role</div>
              <div role="columnheader" className="py-1.5">Message</div>
              <div role="columnheader" className="col-chars truncate py-1.5 pr-2 text-right" title="Tokens (characters on hover)">Tokens</div>
              <div role="columnheader" className="col-score truncate py-1.5" title="Importance score, 0–1: recency + a tool bonus + length (what the Importance strategy ranks by)">Score</div>
              {laneView.rowLanes.map((lane) => (
                <div role="columnheader" key={lane.id} data-lane={lane.id} className="truncate border-l border-zinc-200 px-2 py-1.5 dark:border-zinc-800">
                  {lane.label}
                </div>
              ))}
            </div>
          </div>
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize(), contain: 'layout style' }}>
            {activePartners && activePos >= 0 && (
              <Connectors from={activePos} to={Array.from(activePartners, (i) => positionOf(items, i)).filter((x) => x >= 0)} />
            )}
            {rows &&
              virtualItems.map((v) => {
                const index = items[v.index] as number;
                const top = v.start - labelsHeight;
                if (index < 0) {
                  const extra = extraOf(extras, index);
                  if (!extra) return null;
                  if (extra.kind === 'boundary') {
                    return <BoundaryRow key={`x${v.index % slots}`} top={top} boundary={extra.boundary} hidden={doc?.scope === 'last-sent' ? doc.offset : 0} />;
                  }
                  return <InsertRow key={`x${v.index % slots}`} top={top} insert={extra.insert} lane={extra.lane} lanes={laneView.rowLanes} focusLane={focusLane} />;
                }
                const partnerCount = (rows.partnerOffsets[index + 1] as number) - (rows.partnerOffsets[index] as number);
                // Keyed by slot, not by message: a long scroll reuses the row elements it has instead of
                // unmounting and building them all again (the window holds `slots` consecutive positions).
                return (
                  <TimelineRow
                    key={v.index % slots}
                    index={index}
                    top={top}
                    role={rows.role[index] === 1 ? 1 : 0}
                    flags={rows.flags[index] as number}
                    preview={previewOf(rows, index)}
                    chars={rows.chars[index] as number}
                    tokens={rows.tokens[index] as number}
                    score={rows.score[index] as number}
                    group={rows.groupOf[index] as number}
                    callCount={rows.callCount[index] as number}
                    resultCount={rows.resultCount[index] as number}
                    partnerCount={partnerCount}
                    fates={laneView.shown.map((p) => (p ? String(p.fates[index]) : '.')).join('')}
                    reasons={String.fromCharCode(...laneView.shown.map((p) => p?.reasons[index] ?? 0))}
                    cells={laneView.hasCells ? laneView.shown.map((p) => cellNote(p, index)).join('\u0002') : ''}
                    stale={laneView.stale}
                    lanes={laneView.rowLanes}
                    pinned={pinnedSet.has(index)}
                    selected={index === selected}
                    activeLane={index === selected ? cellTip.lane : -1}
                    linked={linkedSet.has(index)}
                    linkSource={index === active && partnerCount > 0}
                    match={matchMask?.[index] === 1}
                    focusLane={focusLane}
                    onSelect={onSelect}
                    onOpen={onOpen}
                    onHover={hover}
                    onJump={onJump}
                    onScoreTip={onScoreTip}
                  />
                );
              })}
          </div>
          {rows && items.length === 0 && <p className="p-6 text-sm text-zinc-500 dark:text-zinc-400">No message matches the filters.</p>}
        </div>
        <Minimap scrollRef={scrollRef} rowsTop={labelsHeight} />
      </div>
      {tip && rows && tip.index < rows.count && <ScoreTooltip tip={tip} rows={rows} />}
      <CellTip ref={cellTipRef} lane={cellTip.lane} />
    </div>
  );
}

function Connectors({ from, to }: { from: number; to: number[] }) {
  return (
    <>
      {to.map((pos) => {
        const top = Math.min(from, pos) * ROW_H + ROW_H / 2;
        const height = Math.abs(from - pos) * ROW_H;
        return (
          <div
            key={pos}
            aria-hidden="true"
            className="pointer-events-none absolute left-[2px] z-[1] w-[7px] rounded-l-md border-y-2 border-l-2 border-sky-500"
            style={{ top, height }}
          />
        );
      })}
    </>
  );
}

