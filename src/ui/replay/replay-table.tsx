/** Each lane's replay in figures: the charts' text alternative, and the totals a reader compares. */
import type { LaneReplay } from '../../worker/replay-protocol';
import { useReplay } from '../../state/react';
import { formatNumber } from '../../core';
import { formatInt, formatUsd } from '../common/format';
import { peopleText } from '../common/people-text';

export interface TableLane {
  id: string;
  label: string;
  color: string;
  replay?: LaneReplay;
}

const TH = 'px-2 py-1.5 text-right font-semibold';

/** The figure columns, in the order each row's cells give them. */
const COLUMNS: readonly { name: string; title?: string }[] = [
  { name: 'Cost' },
  { name: 'vs no pruning' },
  { name: 'Input sent' },
  { name: 'Read from cache' },
  { name: 'Peak context' },
  { name: 'Cache rewrites', title: 'Requests that did not continue the previous one, so the cache was written again' },
  { name: 'Over the window' },
  { name: 'Replay time' },
];

export function ReplayTable({ lanes }: { lanes: TableLane[] }) {
  const errors = useReplay((s) => s.laneErrors);
  const running = useReplay((s) => s.status === 'running');
  // Live, a trigger that never fires leaves every lane as it was: say so where the ±0.0% is.
  const neverFired = useReplay((s) => s.settings.mode === 'live' && s.meta?.triggerFiresAt === -1);
  const base = lanes[0]?.replay;
  return (
    <table className="w-full border-collapse text-[12.5px] tabular-nums">
      <caption className="pb-1 text-left text-[12px] font-semibold text-zinc-700 dark:text-zinc-300">Totals per lane</caption>
      <thead>
        <tr className="border-b border-zinc-200 text-[11px] uppercase tracking-wide text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          <th scope="col" className="px-2 py-1.5 text-left font-semibold">
            Lane
          </th>
          {COLUMNS.map(({ name, title }) => (
            <th key={name} scope="col" className={TH} title={title}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lanes.map((lane) => {
          const r = lane.replay;
          const error = errors[lane.id];
          return (
            <tr key={lane.id} className="border-b border-zinc-100 dark:border-zinc-900">
              <th scope="row" className="px-2 py-1.5 text-left font-medium">
                <span className="mr-1.5 inline-block h-2.5 w-2.5 rounded-sm align-middle" style={{ background: lane.color }} aria-hidden="true" />
                {lane.label}
              </th>
              {r ? (
                <>
                  <td className="px-2 py-1.5 text-right font-semibold">{formatUsd(r.totals.costUsd)}</td>
                  <td className="px-2 py-1.5 text-right">
                    {base && r !== base ? `${change(r.totals.costUsd, base.totals.costUsd)}${neverFired ? ' (never pruned)' : ''}` : '–'}
                  </td>
                  <td className="px-2 py-1.5 text-right">{formatInt(r.totals.inputTokens)}</td>
                  <td className="px-2 py-1.5 text-right">{r.totals.inputTokens > 0 ? formatNumber(r.totals.cacheReadTokens / r.totals.inputTokens, 'percent') : '–'}</td>
                  <td className="px-2 py-1.5 text-right">{formatInt(r.peakInputTokens)}</td>
                  <td className="px-2 py-1.5 text-right">{formatInt(r.rewrites)}</td>
                  <td className="px-2 py-1.5 text-right">{formatInt(r.overWindow)}</td>
                  <td className="px-2 py-1.5 text-right text-zinc-600 dark:text-zinc-400">{r.ms < 1000 ? `${formatInt(r.ms)} ms` : `${(r.ms / 1000).toFixed(1)} s`}</td>
                </>
              ) : (
                <td colSpan={8} className="px-2 py-1.5 text-zinc-600 dark:text-zinc-400">
                  {error ? `Could not replay: ${peopleText(error)}` : running ? 'replaying…' : 'not replayed'}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function change(value: number, base: number): string {
  return base > 0 ? formatNumber((value - base) / base, 'change') : '–';
}
