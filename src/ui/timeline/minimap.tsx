/**
 * The overview strip beside the timeline: one column per lane, the whole transcript top to bottom, each pixel row
 * coloured by the fate most of its messages have in that lane (kept, dropped, summarized, masked). The part of the
 * transcript in view is outlined; a click goes to the message under the pointer. Drawn on a canvas, so 100k
 * messages cost one pass per lane, not 100k elements, and only when the plans, size or theme change.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { FATE } from '../../core';
import { useInspector, useInspectorStore } from '../../state/react';
import { ROW_H } from './timeline-row';
import { fateRuns } from './fate-runs';

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
  const [height, setHeight] = useState(0);
  const [view, setView] = useState<[number, number]>([0, 0]);
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));

  useEffect(() => {
    const observer = new MutationObserver(() => setDark(document.documentElement.classList.contains('dark')));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);

  // The strip is as tall as the scroll area; the outline follows the scroll position.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => {
      setHeight(el.clientHeight);
      const first = Math.floor(el.scrollTop / ROW_H);
      const last = Math.min(items.length - 1, Math.ceil((el.scrollTop + el.clientHeight - rowsTop) / ROW_H) - 1);
      setView([messageAt(items, first, 1), messageAt(items, last, -1)]);
    };
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      resize.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [scrollRef, items, rowsTop]);

  const width = PAD * 2 + lanes.length * COLUMN + Math.max(0, lanes.length - 1) * GAP;

  useEffect(() => {
    const c = canvas.current;
    if (!c || height <= 0) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = Math.round(width * ratio);
    c.height = Math.round(height * ratio);
    const g = c.getContext('2d');
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    if (count === 0) return;
    const colors = [cssColor('--kept', '#059669'), cssColor('--dropped', '#a1a1aa'), cssColor('--summarized', '#d97706'), cssColor('--masked', '#7c3aed')];
    lanes.forEach((lane, k) => {
      const fates = plans[lane.id]?.fates;
      const x = PAD + k * (COLUMN + GAP);
      if (!fates) return;
      for (const run of fateRuns(fates, count, height)) {
        // Dropped is the quiet background; what is sent stands out.
        g.globalAlpha = run.fate === FATE.dropped ? 0.35 : 1;
        g.fillStyle = colors[run.fate] as string;
        g.fillRect(x, run.from, COLUMN, run.to - run.from);
      }
    });
    g.globalAlpha = 1;
    // `dark` is a dependency for the colours above: they are read from CSS variables that the theme changes.
  }, [lanes, plans, count, height, width, dark]);

  // The outline of what is in view is an element over the canvas, so scrolling moves it without recounting fates.
  const top = count > 0 ? Math.max(0, (view[0] / count) * height) : 0;
  const outlineHeight = count > 0 ? Math.max(3, ((view[1] + 1) / count) * height - top) : 0;

  return (
    <div className="relative shrink-0" style={{ width, height }}>
      {count > 0 && height > 0 && (
        <div
          aria-hidden="true"
          data-testid="minimap-view"
          className="pointer-events-none absolute inset-x-0 border border-zinc-900/85 dark:border-zinc-100/90"
          style={{ top, height: Math.min(outlineHeight, height - top) }}
        />
      )}
      <canvas
        ref={canvas}
        aria-hidden="true"
        data-testid="minimap"
        title="Each lane along the whole transcript: kept, dropped, summarized, masked. Click to go there."
        className="block cursor-pointer border-l border-zinc-200 dark:border-zinc-800"
        style={{ width, height }}
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

/** The message at item position `pos`, or the nearest one in `direction` when that item is not a message. */
function messageAt(items: Int32Array, pos: number, direction: 1 | -1): number {
  for (let p = pos; p >= 0 && p < items.length; p += direction) {
    const index = items[p] as number;
    if (index >= 0) return index;
  }
  return 0;
}
