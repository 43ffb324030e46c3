/**
 * One uPlot chart of a value per request, one line per lane. uPlot draws tens of thousands of points on a canvas in
 * milliseconds and weighs about 50 KB; this module is loaded only with the Replay view. The charts of one view share
 * a cursor, so hovering one shows the same request in all of them.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Tick steps of the request axis: 1, 2, 5, 10, 20, 50 … (whole requests). */
const REQUEST_STEPS = Array.from({ length: 7 }, (_, k) => [1, 2, 5].map((step) => step * 10 ** k)).flat();

export interface ChartLine {
  label: string;
  color: string;
  values: ArrayLike<number>;
  dash?: number[];
}

interface ReplayChartProps {
  title: string;
  /** x: request numbers from 1. */
  x: Float64Array;
  lines: ChartLine[];
  /** A level drawn across (the context window). */
  limit?: { label: string; value: number };
  format: (value: number) => string;
  dark: boolean;
  onHover: (request: number) => void;
  onPick: (request: number) => void;
}

const SYNC_KEY = 'prunescope-replay';

export function ReplayChart({ title, x, lines, limit, format, dark, onHover, onPick }: ReplayChartProps) {
  const host = useRef<HTMLDivElement>(null);
  // The callbacks change every render; the chart is built once per data set and reads the latest through a ref.
  const handlers = useRef({ onHover, onPick });
  useEffect(() => {
    handlers.current = { onHover, onPick };
  });

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const axis = dark ? '#a1a1aa' : '#52525b';
    const grid = dark ? 'rgba(161,161,170,0.15)' : 'rgba(82,82,91,0.12)';
    const series: uPlot.Series[] = [
      { label: 'Request' },
      ...lines.map((line) => ({ label: line.label, stroke: line.color, width: 1.5, ...(line.dash ? { dash: line.dash } : {}), points: { show: false }, value: (_u: uPlot, v: number | null) => (v === null ? '–' : format(v)) })),
      ...(limit ? [{ label: limit.label, stroke: dark ? '#fb7185' : '#e11d48', width: 1, dash: [6, 4], points: { show: false }, value: (_u: uPlot, v: number | null) => (v === null ? '–' : format(v)) }] : []),
    ];
    const data: uPlot.AlignedData = [x, ...lines.map((line) => Array.from(line.values)), ...(limit ? [Array.from(x, () => limit.value)] : [])];
    const options: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: 190,
      series,
      // One legend for all three charts is drawn above them; the values under the cursor are in the readout.
      legend: { show: false },
      cursor: { sync: { key: SYNC_KEY }, points: { size: 6 }, drag: { x: false, y: false } },
      scales: { x: { time: false } },
      axes: [
        // Requests are counted: whole steps only (a 4-request file drew ticks at 1, 1.5, 2, 2.5).
        { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid }, incrs: REQUEST_STEPS, label: 'request', labelSize: 18, font: '11px system-ui', labelFont: '11px system-ui' },
        { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid }, size: 64, values: (_u, values) => values.map(format), font: '11px system-ui' },
      ],
      hooks: {
        setCursor: [
          (u) => {
            const idx = u.cursor.idx;
            handlers.current.onHover(idx === null || idx === undefined ? -1 : idx);
          },
        ],
      },
    };
    const chart = new uPlot(options, data, el);
    const click = () => {
      const idx = chart.cursor.idx;
      if (idx !== null && idx !== undefined) handlers.current.onPick(idx);
    };
    chart.over.addEventListener('click', click);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height: 190 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.over.removeEventListener('click', click);
      chart.destroy();
    };
  }, [title, x, lines, limit, format, dark]);

  return (
    <figure className="m-0 min-w-0">
      <figcaption className="mb-1 text-[12px] font-semibold text-zinc-700 dark:text-zinc-300">{title}</figcaption>
      <div ref={host} className="replay-chart" aria-hidden="true" />
    </figure>
  );
}
