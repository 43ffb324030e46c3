/**
 * The frontier's settings as a table (and, when asked, every setting): the chart's text alternative and its keyboard
 * way in. Each row's button adds the setting as a lane; focusing or pointing at a row rings its point in the chart.
 */
import type { AdvicePoint } from '../../core';
import { useAdvisor } from '../../state/react';
import { cx, formatInt, formatUsd } from '../common/format';
import { costChange, formatLossShare, modeWords, settingName } from './advisor-words';

interface AdvisorTableProps {
  rows: readonly AdvicePoint[];
  /** How many settings of equal cost and loss a row stands for, beside itself. */
  alike: ReadonlyMap<string, number>;
  frontier: ReadonlySet<string>;
  recommended?: string;
  none?: AdvicePoint;
  caption: string;
  lanesFull: boolean;
}

const TD = 'px-2 py-1 text-right';

export function AdvisorTable({ rows, alike, frontier, recommended, none, caption, lanesFull }: AdvisorTableProps) {
  const hovered = useAdvisor((s) => s.hovered);
  const setHovered = useAdvisor((s) => s.setHovered);
  const addAsLane = useAdvisor((s) => s.addAsLane);
  return (
    <table className="w-full border-collapse text-[12.5px] tabular-nums" onMouseLeave={() => setHovered(undefined)}>
      <caption className="pb-1 text-left text-[12px] font-semibold text-zinc-700 dark:text-zinc-300">{caption}</caption>
      <thead>
        <tr className="border-b border-zinc-200 text-[11px] uppercase tracking-wide text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          <th scope="col" className="px-2 py-1.5 text-left font-semibold">
            Setting
          </th>
          <th scope="col" className="px-2 py-1.5 text-left font-semibold">
            Pruned
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-semibold">
            Cost
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-semibold">
            vs none
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-semibold">
            Loss
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-semibold" title="The largest request it sends, in tokens">
            Peak
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-semibold">
            <span className="sr-only">Add as lane</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => {
          const dominated = !frontier.has(p.key);
          const name = settingName(p);
          return (
            <tr
              key={p.key}
              onMouseEnter={() => setHovered(p.key)}
              onFocus={() => setHovered(p.key)}
              className={cx('border-b border-zinc-100 dark:border-zinc-900', hovered === p.key && 'bg-indigo-50 dark:bg-indigo-950/40', dominated && 'text-zinc-500 dark:text-zinc-500')}
            >
              <th scope="row" className="px-2 py-1 text-left font-medium">
                {name}
                {p.key === recommended && <span className="ml-1.5 rounded bg-amber-100 px-1 text-[11px] font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-200">recommended</span>}
                {dominated && <span className="ml-1.5 text-[11px] font-normal">(dominated)</span>}
                {(alike.get(p.key) ?? 0) > 0 && (
                  <span className="ml-1.5 text-[11px] font-normal text-zinc-600 dark:text-zinc-400" title="Settings whose cost and loss are the same: on this transcript they prune alike, or not at all">
                    (and {alike.get(p.key)} more alike)
                  </span>
                )}
              </th>
              <td className="px-2 py-1 text-left">{modeWords(p)}</td>
              <td className={TD}>{p.error !== undefined ? '–' : formatUsd(p.costUsd)}</td>
              <td className={TD}>{costChange(p, none) || '–'}</td>
              <td className={TD}>{p.error !== undefined ? 'failed' : formatLossShare(p.loss)}</td>
              <td className={TD}>{formatInt(p.peakInputTokens)}</td>
              <td className="px-2 py-1 text-right">
                {p.strategy === 'none' ? (
                  <span className="text-[11.5px] text-zinc-600 dark:text-zinc-400">baseline</span>
                ) : (
                  <button
                    type="button"
                    disabled={lanesFull || p.error !== undefined}
                    aria-label={`Add ${name}, ${modeWords(p)}, as a lane`}
                    title={lanesFull ? 'Eight lanes at most: remove one first' : 'Add this setting as a lane in the timeline'}
                    onClick={() => addAsLane(p)}
                    className="whitespace-nowrap rounded border border-zinc-300 px-1.5 py-0.5 text-[11.5px] font-medium text-zinc-800 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
                  >
                    Add as lane
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
