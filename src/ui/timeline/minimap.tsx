/**
 * The overview strip beside the timeline: one column per lane, the whole transcript top to bottom, each pixel row
 * coloured by the fate most of its messages have in that lane (kept, dropped, summarized, masked). The part of the
 * transcript in view is outlined; a click goes to the message under the pointer. Drawn on a canvas, so 100k
 * messages cost one pass per lane, not 100k elements, and only when the plans, size or theme change.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { FATE } from '../../core';
import { useInspector, useInspectorStore } from '../../state/react';
import { useDark } from '../common/use-dark';
import { ROW_H } from './timeline-row';
import { fateRuns, type FateRun } from './fate-runs';

const COLUMN = 7;
const GAP = 2;
const PAD = 3;

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** `rowsTop`: where the rows start inside the scroll element (the sticky column labels above them). */
export function Minimap({ scrollRef, rowsTop = 0 }: { scrollRef: RefObject<HTMLDivElement | null>; rowsTop?: number }) {
  const store = useInspectorStore();
  const lanes = useInspector((s) => s.lanes);
  const plans = useInspector((s) => s.plans);
  const items = useInspector((s) => s.items);
  const count = useInspector((s) => s.doc?.count ?? 0);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { height, scrollTop } = useScrollArea(scrollRef);
  // Drawn at the canvas's own height, not the scroll area's: the strip stretches beside the whole scroll box, its
  // horizontal scrollbar included, and a drawing at the area's clientHeight was stretched by the scrollbar's height.
  const drawnHeight = useBoxHeight(canvas);
  const dark = useDark();

  const view = useMemo(() => {
    const first = Math.floor(scrollTop / ROW_H);
    const last = Math.min(items.length - 1, Math.ceil((scrollTop + height - rowsTop) / ROW_H) - 1);
    return [messageAt(items, first, 1), messageAt(items, last, -1)] as const;
  }, [items, scrollTop, height, rowsTop]);

  const width = PAD * 2 + lanes.length * COLUMN + Math.max(0, lanes.length - 1) * GAP;
  // Read from CSS variables that the theme changes, so only when it does: read after a plan's commit, they forced a
  // style recalculation in the middle of it. `dark` is not read: it says when the variables changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const colors = useMemo(() => [cssColor('--kept', '#059669'), cssColor('--dropped', '#a1a1aa'), cssColor('--summarized', '#d97706'), cssColor('--masked', '#7c3aed')], [dark]);

  useEffect(() => {
    const c = canvas.current;
    if (!c || drawnHeight <= 0) return;
    // At the next frame, not in the commit: plans landing together (a drag) are drawn once, and the commit's task
    // stays short.
    const frame = requestAnimationFrame(() => {
      const ratio = window.devicePixelRatio || 1;
      c.width = Math.round(width * ratio);
      c.height = Math.round(drawnHeight * ratio);
      const g = c.getContext('2d');
      if (!g) return;
      g.setTransform(ratio, 0, 0, ratio, 0, 0);
      g.clearRect(0, 0, width, drawnHeight);
      if (count === 0) return;
      lanes.forEach((lane, k) => {
        const fates = plans[lane.id]?.fates;
        const x = PAD + k * (COLUMN + GAP);
        if (!fates) return;
        for (const run of runsOf(fates, count, drawnHeight)) {
          // Dropped is the quiet background; what is sent stands out.
          g.globalAlpha = run.fate === FATE.dropped ? 0.35 : 1;
          g.fillStyle = colors[run.fate] as string;
          g.fillRect(x, run.from, COLUMN, run.to - run.from);
        }
      });
      g.globalAlpha = 1;
    });
    return () => cancelAnimationFrame(frame);
  }, [lanes, plans, count, drawnHeight, width, colors]);

  // The outline of what is in view is an element over the canvas, so scrolling moves it without recounting fates.
  // The strip takes the scroll area's height from the layout (it stretches beside it), and the outline is placed in
  // fractions of it: the page's layout never waits for a measurement, so the strip is never a frame behind it.
  const top = count > 0 ? Math.min(1, view[0] / count) : 0;
  const outlineHeight = count > 0 ? Math.min(1 - top, Math.max(0, (view[1] + 1) / count - top)) : 0;

  return (
    <div className="relative shrink-0 self-stretch" style={{ width }}>
      {count > 0 && height > 0 && (
        <div
          aria-hidden="true"
          data-testid="minimap-view"
          className="pointer-events-none absolute inset-x-0 min-h-[3px] border border-zinc-900/85 dark:border-zinc-100/90"
          style={{ top: `${top * 100}%`, height: `${outlineHeight * 100}%` }}
        />
      )}
      <canvas
        ref={canvas}
        aria-hidden="true"
        data-testid="minimap"
        title="Each lane along the whole transcript: kept, dropped, summarized, masked. Click to go there."
        className="block h-full cursor-pointer border-l border-zinc-200 dark:border-zinc-800"
        style={{ width }}
        onClick={(e) => {
          if (count === 0 || height <= 0) return;
          const rect = e.currentTarget.getBoundingClientRect();
          const index = Math.min(count - 1, Math.max(0, Math.floor(((e.clientY - rect.top) / rect.height) * count)));
          store.getState().jumpTo(index);
        }}
      />
    </div>
  );
}

/**
 * Each plan's runs at the height they were drawn at: a plan that arrives alone (another lane's, in another frame)
 * redraws every lane, and recounting the lanes whose plans did not change was most of that frame at 100k messages.
 */
const runsCache = new WeakMap<object, { count: number; height: number; runs: FateRun[] }>();

function runsOf(fates: ArrayLike<number> & object, count: number, height: number): FateRun[] {
  const cached = runsCache.get(fates);
  if (cached && cached.count === count && cached.height === height) return cached.runs;
  const runs = fateRuns(fates, count, height);
  runsCache.set(fates, { count, height, runs });
  return runs;
}

/** The message at item position `pos`, or the nearest one in `direction` when that item is not a message. */
function messageAt(items: Int32Array, pos: number, direction: 1 | -1): number {
  for (let p = pos; p >= 0 && p < items.length; p += direction) {
    const index = items[p] as number;
    if (index >= 0) return index;
  }
  return 0;
}

/**
 * The scroll area's height and scroll position, from its ResizeObserver and its scroll events only: both arrive
 * when layout is already done, so nothing here forces one. Read after every plan instead (new rows), they forced a
 * layout inside each commit, the largest main-thread cost of a budget drag at 50k messages.
 */
function useScrollArea(scrollRef: RefObject<HTMLDivElement | null>): { height: number; scrollTop: number } {
  const [height, setHeight] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // Inside a ResizeObserver callback layout is clean: reading clientHeight there costs nothing (and, unlike the
    // entry's content box, is what the outline's arithmetic and the scroll position are measured in).
    const resize = new ResizeObserver(() => setHeight(el.clientHeight));
    const onScroll = () => setScrollTop(el.scrollTop);
    resize.observe(el);
    el.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      resize.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [scrollRef]);
  return { height, scrollTop };
}

/** An element's content-box height in CSS pixels, from its ResizeObserver (so reading it never forces a layout). */
function useBoxHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const resize = new ResizeObserver(([entry]) => {
      if (entry) setHeight(Math.round(entry.contentRect.height));
    });
    resize.observe(el);
    return () => resize.disconnect();
  }, [ref]);
  return height;
}
