import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { scoreBreakdown } from '../../core';
import { SUMMARY_ROW, partnersOf, planFor, positionOf, useInspector, useInspectorStore } from '../../state';
import { STRATEGIES, STRATEGY_LABELS, type RowData } from '../../worker/protocol';
import { LaneHeader } from '../lanes/lane-header';
import { MaxTurnsControl } from '../tune/max-turns-control';
import { ROW_H, SummaryRow, TimelineRow } from './timeline-row';
import { mark, markAfterPaint } from '../common/perf';
import { dismissJumpNotice, jumpToPartner, useJumpNotice } from '../common/jump';
import { PROVIDER_LABEL, formatCompact, formatInt, formatTokens, plural } from '../common/format';

/** A row's preview, cut to what a row can show (shaping text nobody sees costs layout time on every scroll). */
const PREVIEW_SHOWN = 180;
function previewOf(rows: RowData, index: number): string {
  const start = rows.previewOffsets[index] as number;
  const end = rows.previewOffsets[index + 1] as number;
  return end - start > PREVIEW_SHOWN ? `${rows.previewText.slice(start, start + PREVIEW_SHOWN - 1)}…` : rows.previewText.slice(start, end);
}

interface ScoreTip {
  index: number;
  left: number;
  top: number;
}

export function Timeline() {
  const store = useInspectorStore();
  const rows = useInspector((s) => s.rows);
  const items = useInspector((s) => s.items);
  const plans = useInspector((s) => s.plans);
  const planMaxTurns = useInspector((s) => s.planMaxTurns);
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

  const scrollRef = useRef<HTMLDivElement>(null);
  const lastLeft = useRef(0);
  const headRef = useRef<HTMLDivElement>(null);
  const colsRef = useRef<HTMLDivElement>(null);
  const [tip, setTip] = useState<ScoreTip | null>(null);

  // TanStack Virtual's functions cannot be memoized by the React Compiler; this component re-renders on scroll anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 3,
    // Render the rows a scroll brings in as an ordinary React update, not synchronously inside the scroll event:
    // the rows' JavaScript and the browser's style/layout/paint then run as two tasks, neither one long.
    useFlushSync: false,
  });

  // Scroll the selection fully into view when asked (keyboard, search, jump, load, URL): a row already in view
  // (a row's height of margin included) stays put; a near one scrolls just enough; a far one lands centred.
  useEffect(() => {
    const el = scrollRef.current;
    const pos = positionOf(store.getState().items, store.getState().selected);
    if (!el) return;
    if (pos < 0) {
      if (store.getState().selected < 0) el.scrollTo({ top: 0 });
      return;
    }
    const view = el.clientHeight;
    const top = pos * ROW_H;
    const margin = view > ROW_H * 4 ? ROW_H : 0;
    const current = el.scrollTop;
    if (top >= current + margin && top + ROW_H <= current + view - margin) return;
    // A step past the edge (j/k, arrows) scrolls a row or two; anything further (load, URL, search, jump) centres,
    // which also leaves room when the header above the rows grows after a load.
    const near = top >= current - ROW_H * 2 && top + ROW_H <= current + view + ROW_H * 2;
    const next = !near ? top - (view - ROW_H) / 2 : top < current + margin ? top - margin : top + ROW_H + margin - view;
    el.scrollTop = Math.max(0, next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollSeq]);

  // After a transcript loads, the timeline takes focus so j/k/g/Enter work at once (unless you are typing somewhere).
  const gridRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!docId) return;
    const active = document.activeElement;
    const typing = active instanceof HTMLElement && active.matches('input[type="search"], textarea, [contenteditable="true"]');
    const inDialog = active instanceof HTMLElement && active.closest('[role="dialog"]') !== null;
    if (!typing && !inDialog) gridRef.current?.focus({ preventScroll: true });
    dismissJumpNotice();
  }, [docId]);

  // Performance marks for the browser benchmark: a new transcript or a new plan on screen.
  useLayoutEffect(() => {
    if (docId) markAfterPaint('ps:timeline-painted', { docId });
  }, [docId]);
  useLayoutEffect(() => {
    if (!plans) return;
    // Committed: every lane's cells and header are in the DOM for this bound. Painted: the frame after.
    mark('ps:plan-committed', { maxTurns: planMaxTurns });
    markAfterPaint('ps:plan-painted', { maxTurns: planMaxTurns });
  }, [plans, planMaxTurns]);

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
  const onScoreTip = useCallback((index: number, target: HTMLElement | null) => {
    if (index < 0 || !target) {
      setTip(null);
      return;
    }
    const rect = target.getBoundingClientRect();
    setTip({ index, left: rect.left, top: rect.bottom + 4 });
  }, []);

  const summarize = planFor(plans, 'summarize');
  const fateArrays = STRATEGIES.map((s) => planFor(plans, s)?.fates);
  const focusLane = focus ? STRATEGIES.indexOf(focus) : -1;

  const virtualItems = virtualizer.getVirtualItems();
  const slots = Math.max(1, virtualItems.length);
  const activePos = positionOf(items, active);

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div ref={headRef} className="shrink-0 overflow-hidden border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
        <TimelineHead />
      </div>
      <JumpNoticeBar />
      <div
        ref={gridRef}
        role="grid"
        aria-label="Timeline"
        aria-rowcount={count + 1}
        aria-colcount={9}
        tabIndex={0}
        aria-activedescendant={selected >= 0 && positionOf(items, selected) >= 0 ? `row-${selected}` : undefined}
        className="relative flex min-h-0 flex-1 flex-col focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500"
        onMouseLeave={() => hover(-1)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            store.getState().moveSelection(e.key === 'ArrowDown' ? 1 : -1);
          } else if (e.key === 'PageDown' || e.key === 'PageUp') {
            e.preventDefault();
            const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 600) / ROW_H) - 1);
            store.getState().moveSelection(e.key === 'PageDown' ? page : -page);
          } else if (e.key === 'Home' || e.key === 'End') {
            e.preventDefault();
            store.getState().moveSelection(e.key === 'Home' ? 'first' : 'last');
          }
        }}
      >
        <div role="rowgroup" className="shrink-0 overflow-hidden border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900" ref={colsRef}>
          <div role="row" aria-rowindex={1} className="timeline-grid text-[10.5px] font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            <div role="columnheader" aria-label="Tool link" className="py-1.5" />
            <div role="columnheader" className="py-1.5 pr-2 text-right">#</div>
            <div role="columnheader" className="py-1.5">Role</div>
            <div role="columnheader" className="py-1.5">Message</div>
            <div role="columnheader" className="col-chars truncate py-1.5 pr-2 text-right" title="Characters / estimated tokens">Chars/tok</div>
            <div role="columnheader" className="col-score truncate py-1.5" title="Importance score (what the Importance strategy ranks by)">Score</div>
            {STRATEGIES.map((s) => (
              <div role="columnheader" key={s} className="truncate border-l border-zinc-200 px-2 py-1.5 dark:border-zinc-800">
                {STRATEGY_LABELS[s]}
              </div>
            ))}
          </div>
        </div>
        <div
          ref={scrollRef}
          role="rowgroup"
          className="scroll-thin min-h-0 flex-1 overflow-auto"
          onScroll={(e) => {
            const left = e.currentTarget.scrollLeft;
            if (left !== lastLeft.current) {
              lastLeft.current = left;
              if (headRef.current) headRef.current.scrollLeft = left;
              if (colsRef.current) colsRef.current.scrollLeft = left;
            }
            if (tip) setTip(null);
          }}
          onWheel={() => {
            // Rows move under a still pointer while wheeling; the hover link follows the next mouse move instead.
            if (store.getState().hovered >= 0) hover(-1);
          }}
        >
          <div className="relative" style={{ height: virtualizer.getTotalSize(), contain: 'layout style' }}>
            {activePartners && activePos >= 0 && (
              <Connectors from={activePos} to={Array.from(activePartners, (i) => positionOf(items, i)).filter((x) => x >= 0)} />
            )}
            {rows &&
              virtualItems.map((v) => {
                const index = items[v.index] as number;
                if (index === SUMMARY_ROW) {
                  return <SummaryRow key="summary" top={v.start} summarized={summarize?.summarized ?? 0} focusLane={focusLane} />;
                }
                const partnerCount = (rows.partnerOffsets[index + 1] as number) - (rows.partnerOffsets[index] as number);
                // Keyed by slot, not by message: a long scroll reuses the row elements it has instead of
                // unmounting and building them all again (the window holds `slots` consecutive positions).
                return (
                  <TimelineRow
                    key={v.index % slots}
                    index={index}
                    top={v.start}
                    role={rows.role[index] === 1 ? 1 : 0}
                    flags={rows.flags[index] as number}
                    preview={previewOf(rows, index)}
                    chars={rows.chars[index] as number}
                    score={rows.score[index] as number}
                    group={rows.groupOf[index] as number}
                    callCount={rows.callCount[index] as number}
                    resultCount={rows.resultCount[index] as number}
                    partnerCount={partnerCount}
                    fateSw={fateArrays[0]?.[index] ?? 0}
                    fateSum={fateArrays[1]?.[index] ?? 0}
                    fateImp={fateArrays[2]?.[index] ?? 0}
                    selected={index === selected}
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
          {rows && items.length === 0 && (
            <p className="p-6 text-sm text-zinc-500">No message matches the filters.</p>
          )}
        </div>
      </div>
      {tip && rows && tip.index < rows.count && <ScoreTooltip tip={tip} rows={rows} />}
    </div>
  );
}

/** Says when a jump cleared a filter to show its target, with a way to put the filter back. */
function JumpNoticeBar() {
  const store = useInspectorStore();
  const notice = useJumpNotice();
  if (!notice) return null;
  return (
    <div
      data-testid="jump-notice"
      className="flex shrink-0 items-center gap-3 border-b border-amber-300 bg-amber-50 px-3 py-1.5 text-[12.5px] text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <span className="min-w-0 flex-1">{notice.text}</span>
      <button
        type="button"
        onClick={() => {
          store.getState().setFilters(notice.previous);
          dismissJumpNotice();
        }}
        className="shrink-0 rounded px-1.5 font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
      >
        Restore filters
      </button>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={dismissJumpNotice}
        className="shrink-0 rounded px-1 text-amber-800 hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-amber-200 dark:hover:bg-amber-500/20"
      >
        ✕
      </button>
    </div>
  );
}

/** The bound control, facts, legend and lane headers: memoized, so a scroll never re-renders them. */
const TimelineHead = memo(function TimelineHead() {
  return (
    <div className="timeline-grid">
      <div className="col-span-6 flex min-w-0 flex-col justify-between gap-3 px-3 py-2">
        <MaxTurnsControl />
        <TranscriptFacts />
        <FateLegend />
      </div>
      {STRATEGIES.map((s) => (
        <LaneHeader key={s} strategy={s} />
      ))}
    </div>
  );
});

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

function ScoreTooltip({ tip, rows }: { tip: ScoreTip; rows: RowData }) {
  const b = scoreBreakdown(tip.index, rows.count, rows.hasToolBlock[tip.index] === 1, rows.chars[tip.index] as number);
  return (
    <div
      role="tooltip"
      id="score-tip"
      className="pointer-events-none fixed z-50 w-56 rounded-md border border-zinc-200 bg-white p-2.5 text-[12px] shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      style={{ left: Math.min(tip.left - 60, window.innerWidth - 240), top: tip.top }}
    >
      <p className="m-0 mb-1.5 font-semibold text-zinc-900 dark:text-zinc-100">Importance of #{tip.index}</p>
      <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 font-mono tabular-nums text-zinc-700 dark:text-zinc-300">
        <dt className="font-sans">Recency (i/n · 0.5)</dt>
        <dd className="m-0 text-right">{b.recency.toFixed(3)}</dd>
        <dt className="font-sans">Tool bonus</dt>
        <dd className="m-0 text-right">{b.toolBonus.toFixed(3)}</dd>
        <dt className="font-sans">Length (≤ 0.2)</dt>
        <dd className="m-0 text-right">{b.length.toFixed(3)}</dd>
        <dt className="border-t border-zinc-200 pt-0.5 font-sans font-semibold dark:border-zinc-700">Total</dt>
        <dd className="m-0 border-t border-zinc-200 pt-0.5 text-right font-semibold dark:border-zinc-700">{b.total.toFixed(3)}</dd>
      </dl>
      <p className="m-0 mt-1.5 text-[11px] text-zinc-500">Groups linked by tool ids score as their best member.</p>
    </div>
  );
}

function FateLegend() {
  return (
    <p className="m-0 flex flex-wrap items-center gap-x-3 gap-y-1 text-[11px] text-zinc-500 dark:text-zinc-400">
      <span className="inline-flex items-center gap-1">
        <span className="fate fate-kept fate-legend-swatch" aria-hidden="true" /> Kept
      </span>
      <span className="inline-flex items-center gap-1">
        <span className="fate fate-dropped fate-legend-swatch" aria-hidden="true" /> Dropped
      </span>
      <span className="inline-flex items-center gap-1">
        <span className="fate fate-summarized fate-legend-swatch" aria-hidden="true" /> Summarized
      </span>
      <span className="inline-flex items-center gap-1">
        <span className="inline-flex h-3.5 w-3.5 items-center justify-center rounded-full border-2 border-sky-500 text-[8px] font-bold text-sky-600 dark:border-sky-400 dark:text-sky-300" aria-hidden="true">
          ↓
        </span>
        tool call / ↑ result (hover to link)
      </span>
    </p>
  );
}

function TranscriptFacts() {
  const doc = useInspector((s) => s.doc);
  const inputProblems = useInspector((s) => s.verdicts?.[0]?.inputProblemCount);
  if (!doc) return null;
  return (
    <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-[12px] text-zinc-600 dark:text-zinc-400">
      <dt className="text-zinc-500">Unpruned</dt>
      <dd className="m-0 font-mono tabular-nums text-zinc-800 dark:text-zinc-200">
        {formatInt(doc.count)} messages · {formatCompact(doc.totalChars)} chars · {formatTokens(doc.totalChars)}
      </dd>
      <dt className="text-zinc-500">Tool calls</dt>
      <dd className="m-0 font-mono tabular-nums text-zinc-800 dark:text-zinc-200">
        {plural(doc.pairCount, 'pair')}
        {doc.orphanCount > 0 ? ` · ${plural(doc.orphanCount, 'orphan block')}` : ''}
      </dd>
      <dt className="text-zinc-500">Checked as</dt>
      <dd className="m-0 text-zinc-800 dark:text-zinc-200">
        {PROVIDER_LABEL[doc.provider]} API
        {inputProblems !== undefined && (
          <span className="text-zinc-500"> · input has {inputProblems === 0 ? 'no problems' : `${inputProblems} ${inputProblems === 1 ? 'problem' : 'problems'}`}</span>
        )}
      </dd>
    </dl>
  );
}
