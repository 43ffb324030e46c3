/** The replay's words: its progress, how close the no-pruning replay came to the bill, the request under the pointer. */
import { useEffect, useState } from 'react';
import { getStrategy } from '../../core';
import { useInspector, useReplay } from '../../state/react';
import { formatNumber } from '../../core';
import { formatInt, formatUsd } from '../common/format';
import { peopleText } from '../common/people-text';
import type { TableLane } from './replay-table';

const pct = (v: number) => formatNumber(v, 'percent');

const BUTTON =
  'rounded border border-zinc-300 px-2 py-0.5 text-[12px] font-medium hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:hover:bg-zinc-800';

/** What the replay is doing, with a way to stop a long one; a warning before the slow strategies at size. */
export function ReplayStatus({ lanes }: { lanes: TableLane[] }) {
  const status = useReplay((s) => s.status);
  const progress = useReplay((s) => s.progress);
  const error = useReplay((s) => s.error);
  const needsPrices = useReplay((s) => s.needsPrices);
  const mode = useReplay((s) => s.settings.mode);
  const stop = useReplay((s) => s.stop);
  const rerun = useReplay((s) => s.rerun);
  const count = useInspector((s) => s.doc?.count ?? 0);
  const laneSpecs = useInspector((s) => s.lanes);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status !== 'running') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [status]);

  const slow = [...new Set(laneSpecs.map((l) => l.strategy).filter((id) => getStrategy(id).slow === true))].map((id) => getStrategy(id).label);
  const lane = progress?.laneId ? lanes.find((l) => l.id === progress.laneId)?.label : undefined;
  const seconds = progress ? Math.max(0, Math.round((now - progress.startedAt) / 1000)) : 0;
  return (
    <div className="flex flex-wrap items-center gap-3 text-[12.5px]" role="status" aria-live="polite">
      {status === 'running' && progress && (
        <>
          <span>
            {progress.phase === 'replaying' ? `Replaying ${lane ?? 'a lane'} (${progress.done + 1} of ${progress.total})` : `${progress.phase[0]?.toUpperCase()}${progress.phase.slice(1)} the transcript`}
            … {seconds > 1 ? `${seconds} s` : ''}
          </span>
          <button type="button" className={BUTTON} onClick={stop}>
            Stop
          </button>
        </>
      )}
      {status === 'idle' && progress === undefined && lanes.some((l) => !l.replay) && (
        <button type="button" className={BUTTON} onClick={rerun}>
          Replay
        </button>
      )}
      {status === 'error' && needsPrices && (
        <span className="font-medium text-amber-800 dark:text-amber-200" data-testid="replay-needs-prices">
          {error}
        </span>
      )}
      {status === 'error' && !needsPrices && (
        <span className="text-rose-700 dark:text-rose-300">
          The replay failed: {peopleText(error ?? '')}{' '}
          <button type="button" className={BUTTON} onClick={rerun}>
            Try again
          </button>
        </span>
      )}
      {mode === 'stateless' && slow.length > 0 && count > 2_000 && (
        <span className="text-zinc-600 dark:text-zinc-400">
          {slow.join(' and ')} plan every request afresh when pruning before every request: time grows with the square of the requests (minutes past
          10,000 messages). “When” plans them only as the trigger fires.
        </span>
      )}
    </div>
  );
}

/** The no-pruning replay held against what the file says its requests cost. */
export function RecordedLine() {
  const r = useReplay((s) => s.recorded);
  if (!r) return null;
  const input = r.recordedInputTokens > 0 ? (r.replayedInputTokens - r.recordedInputTokens) / r.recordedInputTokens : 0;
  return (
    <p className="m-0 text-[12.5px] text-zinc-700 dark:text-zinc-300">
      <span className="font-semibold">No pruning against the recorded bill</span> ({formatInt(r.requests)} requests): input {formatInt(r.replayedInputTokens)} replayed vs{' '}
      {formatInt(r.recordedInputTokens)} recorded ({input >= 0 ? '+' : '−'}
      {pct(Math.abs(input))}); read from cache {pct(r.replayedCacheReadShare)} vs {pct(r.recordedCacheReadShare)}; per-request input error median {pct(r.medianError)}, worst{' '}
      {pct(r.worstError)}
      {r.recordedCostUsd !== undefined && r.replayedCostUsd !== undefined ? `; cost ${formatUsd(r.replayedCostUsd)} vs ${formatUsd(r.recordedCostUsd)}` : ''}.
    </p>
  );
}

/** The no-pruning replay beside what the file says the whole run cost (a total, no request of its own). */
export function RecordedTotalLine() {
  const t = useReplay((s) => s.recordedTotal);
  if (!t) return null;
  // Two decimals: a count within a tenth of a percent of the bill is the point of the line.
  const change = (replayed: number, recorded: number) => (recorded > 0 ? ` (${formatNumber((replayed - recorded) / recorded, 'change', 2)})` : '');
  const parts: string[] = [];
  if (t.recordedRequests !== undefined) parts.push(`${formatInt(t.replayedRequests)} requests replayed vs ${formatInt(t.recordedRequests)} recorded`);
  if (t.recordedInputTokens !== undefined) parts.push(`input ${formatInt(t.replayedInputTokens)} replayed vs ${formatInt(t.recordedInputTokens)} recorded${change(t.replayedInputTokens, t.recordedInputTokens)}`);
  if (t.recordedOutputTokens !== undefined) parts.push(`output ${formatInt(t.replayedOutputTokens)} vs ${formatInt(t.recordedOutputTokens)}`);
  if (t.recordedCostUsd !== undefined) parts.push(`cost ${formatUsd(t.replayedCostUsd)} replayed vs ${formatUsd(t.recordedCostUsd)} recorded${t.model !== undefined ? ` (${t.model}, at the harness's prices)` : " (at the harness's prices)"}`);
  if (parts.length === 0) return null;
  return (
    <p className="m-0 text-[12.5px] text-zinc-700 dark:text-zinc-300" data-testid="replay-recorded-total">
      <span className="font-semibold">No pruning against the run's recorded total</span> ({t.where}): {parts.join('; ')}.
    </p>
  );
}

/** The request under the pointer, lane by lane; the same figures the charts draw. */
export function HoverReadout({ lanes, onPick }: { lanes: TableLane[]; onPick: (request: number) => void }) {
  const hovered = useReplay((s) => s.hovered);
  const base = lanes[0]?.replay;
  if (!base || hovered < 0 || hovered >= base.messageIndex.length) {
    return <p className="m-0 text-[12px] text-zinc-600 dark:text-zinc-400">Point at a chart to see one request; click to open its message in the timeline.</p>;
  }
  const message = base.messageIndex[hovered] as number;
  return (
    <div className="text-[12px]">
      <button type="button" className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300" onClick={() => onPick(hovered)}>
        Request {formatInt(hovered + 1)} of {formatInt(base.messageIndex.length)}: message #{message}
      </button>
      <ul className="m-0 mt-1 flex list-none flex-wrap gap-x-4 gap-y-0.5 p-0 tabular-nums">
        {lanes.map((lane) =>
          lane.replay ? (
            <li key={lane.id}>
              <span className="mr-1 inline-block h-2 w-2 rounded-sm" style={{ background: lane.color }} aria-hidden="true" />
              {lane.label}: {formatInt(lane.replay.inputTokens[hovered] as number)} sent, {formatInt(lane.replay.cacheReadTokens[hovered] as number)} from cache,{' '}
              {formatUsd(lane.replay.costUsd[hovered] as number)}
              {lane.replay.rewrite[hovered] === 1 ? ', rewrote the cache' : ''}
            </li>
          ) : null,
        )}
      </ul>
    </div>
  );
}
