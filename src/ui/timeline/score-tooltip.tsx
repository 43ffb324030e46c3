import { scoreBreakdown } from '../../core';
import type { RowData } from '../../worker/protocol';

export interface ScoreTip {
  index: number;
  left: number;
  top: number;
}

/** The importance score of a row as its three terms, on hover or focus of the score bar. */
export function ScoreTooltip({ tip, rows }: { tip: ScoreTip; rows: RowData }) {
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
      <p className="m-0 mt-1.5 text-[11px] text-zinc-500 dark:text-zinc-400">Groups linked by tool ids score as their best member.</p>
    </div>
  );
}
