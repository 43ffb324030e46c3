/**
 * The sweep's settings as a scatter of cost (x) against loss (y) in uPlot, the Replay view's chart library: the
 * frontier drawn as a line through its points, the dominated settings faint, the recommendation ringed. Pointing at
 * a point shows its setting; clicking it adds it as a lane. The table beside it is its text and keyboard alternative.
 */
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AdvicePoint } from '../../core';
import { useAdvisor } from '../../state/react';
import { PointFigures } from './advisor-words';

interface AdvisorChartProps {
  points: readonly AdvicePoint[];
  frontier: ReadonlySet<string>;
  recommended?: string;
  dark: boolean;
  none?: AdvicePoint;
  onHover: (key: string | undefined) => void;
  onPick: (point: AdvicePoint) => void;
}

const HEIGHT = 280;
/** How near the pointer must be to a point, in CSS pixels, to be on it. */
const REACH = 14;
const formatCost = (v: number) => `$${v < 1 ? v.toFixed(v < 0.1 ? 3 : 2) : v.toFixed(2)}`;
const formatLoss = (v: number) => `${Math.round(v * 100)}%`;

export function AdvisorChart({ points, frontier, recommended, dark, none, onHover, onPick }: AdvisorChartProps) {
  // Read here, not passed down: a hover then re-renders the chart's ring, not the whole panel around it.
  const hovered = useAdvisor((s) => s.hovered);
  const host = useRef<HTMLDivElement>(null);
  const figure = useRef<HTMLElement>(null);
  const chart = useRef<uPlot | null>(null);
  const marks = useRef({ recommended, hovered });
  const handlers = useRef({ onHover, onPick });
  const [tip, setTip] = useState<{ point: AdvicePoint; left: number; top: number } | undefined>();
  useEffect(() => {
    handlers.current = { onHover, onPick };
  });
  useEffect(() => {
    marks.current = { recommended, hovered };
    chart.current?.redraw(false);
  }, [recommended, hovered]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const sorted = points.filter((p) => p.error === undefined).sort((a, b) => a.costUsd - b.costUsd || a.loss - b.loss);
    const axis = dark ? '#a1a1aa' : '#52525b';
    const grid = dark ? 'rgba(161,161,170,0.15)' : 'rgba(82,82,91,0.12)';
    const line = dark ? '#818cf8' : '#4f46e5';
    const faint = dark ? 'rgba(161,161,170,0.45)' : 'rgba(82,82,91,0.35)';
    const ring = dark ? '#fbbf24' : '#d97706';
    const dot = (color: string, size: number): uPlot.Series.Points => ({ show: true, size, stroke: color, fill: color, width: 1 });
    const x = sorted.map((p) => p.costUsd);
    const data: uPlot.AlignedData = [x, sorted.map((p) => (frontier.has(p.key) ? null : p.loss)), sorted.map((p) => (frontier.has(p.key) ? p.loss : null))];
    const costs = x.length > 0 ? [Math.min(...x), Math.max(...x)] : [0, 1];
    const [low, high] = costs as [number, number];
    const pad = Math.max((high - low) * 0.06, high * 0.02, 1e-6);
    const top = Math.min(1, Math.max(0.05, ...sorted.map((p) => p.loss)) * 1.12);
    const options: uPlot.Options = {
      width: Math.max(240, el.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      cursor: { x: false, y: false, points: { show: false }, drag: { x: false, y: false, setScale: false } },
      scales: { x: { time: false, range: () => [Math.max(0, low - pad), high + pad] }, y: { range: () => [0, top] } },
      series: [
        { label: 'Cost' },
        { label: 'Dominated', stroke: faint, paths: () => null, points: dot(faint, 6) },
        { label: 'Frontier', stroke: line, width: 1.5, spanGaps: true, points: dot(line, 7) },
      ],
      axes: [
        { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, label: 'cost of the requests (USD)', labelSize: 18, font: '11px system-ui', labelFont: '11px system-ui', values: (_u, v) => v.map(formatCost) },
        { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, label: 'loss (share of the probes lost)', labelSize: 18, size: 48, font: '11px system-ui', labelFont: '11px system-ui', values: (_u, v) => v.map(formatLoss) },
      ],
      hooks: {
        draw: [
          (u) => {
            // The recommendation and the hovered setting are rings drawn over the points, so marking one
            // redraws the canvas instead of rebuilding the chart.
            const ctx = u.ctx;
            const mark = (key: string | undefined, color: string, radius: number) => {
              const p = key === undefined ? undefined : sorted.find((q) => q.key === key);
              if (!p) return;
              ctx.save();
              ctx.beginPath();
              ctx.lineWidth = 2 * uPlot.pxRatio;
              ctx.strokeStyle = color;
              ctx.arc(u.valToPos(p.costUsd, 'x', true), u.valToPos(p.loss, 'y', true), radius * uPlot.pxRatio, 0, 2 * Math.PI);
              ctx.stroke();
              ctx.restore();
            };
            mark(marks.current.recommended, ring, 9);
            mark(marks.current.hovered, dark ? '#f4f4f5' : '#18181b', 6);
          },
        ],
      },
    };
    const u = new uPlot(options, data, el);
    chart.current = u;
    const nearest = (event: MouseEvent): AdvicePoint | undefined => {
      const box = u.over.getBoundingClientRect();
      const px = event.clientX - box.left;
      const py = event.clientY - box.top;
      let best: AdvicePoint | undefined;
      let bestDistance = REACH * REACH;
      for (const p of sorted) {
        const d = (u.valToPos(p.costUsd, 'x') - px) ** 2 + (u.valToPos(p.loss, 'y') - py) ** 2;
        // Frontier points win ties: they are the ones worth picking where points overlap.
        if (d < bestDistance || (d === bestDistance && best && frontier.has(p.key) && !frontier.has(best.key))) {
          best = p;
          bestDistance = d;
        }
      }
      return best;
    };
    let last: string | undefined;
    const move = (event: MouseEvent) => {
      const p = nearest(event);
      // Most moves stay on the same point (or on none): nothing to say or place again.
      if (p?.key === last) return;
      last = p?.key;
      handlers.current.onHover(p?.key);
      const frame = figure.current?.getBoundingClientRect();
      const over = u.over.getBoundingClientRect();
      const at = (p: AdvicePoint) => ({ left: over.left - (frame?.left ?? 0) + u.valToPos(p.costUsd, 'x'), top: over.top - (frame?.top ?? 0) + u.valToPos(p.loss, 'y') });
      // The tooltip (w-72, centred on the point) stays inside the chart's width.
      const clamp = (left: number) => Math.min(Math.max(left, 150), (frame?.width ?? 300) - 150);
      setTip(p ? { point: p, left: clamp(at(p).left), top: at(p).top } : undefined);
      u.over.style.cursor = p ? 'pointer' : 'default';
    };
    const leave = () => {
      last = undefined;
      handlers.current.onHover(undefined);
      setTip(undefined);
    };
    const click = (event: MouseEvent) => {
      const p = nearest(event);
      if (p) handlers.current.onPick(p);
    };
    u.over.addEventListener('mousemove', move);
    u.over.addEventListener('mouseleave', leave);
    u.over.addEventListener('click', click);
    const resize = new ResizeObserver(() => u.setSize({ width: Math.max(240, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.over.removeEventListener('mousemove', move);
      u.over.removeEventListener('mouseleave', leave);
      u.over.removeEventListener('click', click);
      u.destroy();
      chart.current = null;
    };
  }, [points, frontier, dark]);

  return (
    <figure ref={figure} className="relative m-0 min-w-0">
      <figcaption className="mb-1 text-[12px] font-semibold text-zinc-700 dark:text-zinc-300">Cost against loss, one point per setting</figcaption>
      <div ref={host} className="replay-chart" aria-hidden="true" data-testid="advisor-chart" />
      {tip && (
        <div
          role="tooltip"
          className="pointer-events-none absolute z-10 w-72 -translate-x-1/2 rounded-md border border-zinc-200 bg-white px-2.5 py-1.5 text-[12px] shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
          style={{ left: tip.left, top: tip.top + 14 }}
        >
          <PointFigures point={tip.point} none={none} />
          <p className="m-0 mt-1 text-[11px] text-zinc-600 dark:text-zinc-400">
            {frontier.has(tip.point.key) ? 'On the frontier. ' : 'Dominated: another setting is cheaper and loses no more. '}
            {tip.point.strategy === 'none' ? 'The baseline: every lane is measured against it.' : 'Click to add it as a lane in the timeline.'}
          </p>
        </div>
      )}
    </figure>
  );
}
