/**
 * The Replay view: the agent's requests sent again under each lane, priced with prompt caching. Three charts share a
 * cursor (context size with the window drawn, cumulative cost, cumulative cache-read share); the table under them is
 * their text alternative and the totals. Hovering a request shows its figures; clicking it opens its message in the
 * timeline.
 */
import { useMemo } from 'react';
import { useInspector, useInspectorStore, useReplay } from '../../state/react';
import { laneLabels } from '../../worker/lanes';
import { BASELINE_ID, type LaneReplay } from '../../worker/replay-protocol';
import { formatNumber } from '../../core';
import { formatCompact, plural } from '../common/format';
import { useDark } from '../common/use-dark';
import { ReplayChart, type ChartLine } from './replay-chart';
import { ReplayControls } from './replay-controls';
import { ReplayTable, type TableLane } from './replay-table';
import { HoverReadout, RecordedLine, RecordedTotalLine, ReplayStatus } from './replay-text';
import { fixedWords, ReplayHints } from './replay-hints';
import { RecordedFit } from './replay-fit';

// Rose is the window's colour; no lane takes it.
// Tableau 10's hues, made to be told apart (the red left out: it is the window limit's line). Indigo beside violet and
// emerald beside teal, as before, could not be followed in "Cost so far".
const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2', '#9c755f', '#edc948', '#ff9da7'];
const formatShare = (v: number) => formatNumber(v, 'percent', 0);
// An axis label: as a price list writes it ($0.2, $1.25, $1,234).
const formatDollars = (v: number) => formatNumber(v, 'price');

export default function ReplayPanel() {
  const inspector = useInspectorStore();
  const lanes = useInspector((s) => s.lanes);
  const replays = useReplay((s) => s.lanes);
  const meta = useReplay((s) => s.meta);
  const setHovered = useReplay((s) => s.setHovered);
  const dark = useDark();

  const shown = useMemo((): TableLane[] => {
    const labels = laneLabels(lanes);
    const list: TableLane[] = [{ id: BASELINE_ID, label: 'No pruning', color: dark ? '#a1a1aa' : '#52525b', replay: replays[BASELINE_ID] }];
    lanes.forEach((lane, k) => list.push({ id: lane.id, label: labels[k] ?? lane.strategy, color: PALETTE[k % PALETTE.length] as string, replay: replays[lane.id] }));
    return list;
  }, [lanes, replays, dark]);

  const baseline = replays[BASELINE_ID];
  const charts = useMemo(() => {
    if (!baseline) return undefined;
    const x = Float64Array.from({ length: baseline.messageIndex.length }, (_, k) => k + 1);
    const ready = shown.filter((lane): lane is TableLane & { replay: LaneReplay } => lane.replay !== undefined);
    const line = (lane: (typeof ready)[number], values: ArrayLike<number>): ChartLine => ({
      label: lane.label,
      color: lane.color,
      values,
      ...(lane.id === BASELINE_ID ? { dash: [4, 3] } : {}),
    });
    return {
      x,
      context: ready.map((lane) => line(lane, lane.replay.inputTokens)),
      cost: ready.map((lane) => line(lane, cumulative(lane.replay.costUsd))),
      cache: ready.map((lane) => line(lane, cumulativeShare(lane.replay.cacheReadTokens, lane.replay.inputTokens))),
    };
  }, [baseline, shown]);
  const limit = useMemo(() => (meta ? { label: 'Context window', value: meta.window } : undefined), [meta]);

  const pickMessage = (index: number) => {
    inspector.getState().setPanel('timeline');
    inspector.getState().jumpTo(index);
    // "Click to open its message": in the details, not only selected.
    inspector.getState().openDetail();
  };
  const pick = (request: number) => {
    const index = baseline?.messageIndex[request];
    if (index !== undefined) pickMessage(index);
  };

  return (
    <section aria-label="Replay" className="scroll-thin flex min-h-0 min-w-0 flex-1 flex-col gap-3 overflow-auto p-4">
      <ReplayControls />
      <ReplayStatus lanes={shown} />
      <ReplayHints lanes={shown} />
      <RecordedLine />
      <RecordedTotalLine />
      <RecordedFit onPick={(index) => pickMessage(index)} />
      {charts && (
        <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0 text-[12px]" aria-label="Lanes in the charts">
          {shown.map((lane) => (
            <li key={lane.id} className="inline-flex items-center gap-1.5">
              <span className="inline-block h-0 w-4" style={{ borderTop: `2px ${lane.id === BASELINE_ID ? 'dashed' : 'solid'} ${lane.color}` }} aria-hidden="true" />
              {lane.label}
            </li>
          ))}
          {meta && (
            <li className="inline-flex items-center gap-1.5 text-zinc-600 dark:text-zinc-400">
              <span className="inline-block h-0.5 w-4 border-t-2 border-dashed border-rose-600 dark:border-rose-400" aria-hidden="true" />
              Context window ({formatCompact(meta.window)})
            </li>
          )}
        </ul>
      )}
      {charts && (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
          <ReplayChart title="Context sent per request (tokens)" x={charts.x} lines={charts.context} limit={limit} format={formatCompact} dark={dark} onHover={setHovered} onPick={pick} />
          <ReplayChart title="Cost so far" x={charts.x} lines={charts.cost} format={formatDollars} dark={dark} onHover={setHovered} onPick={pick} />
          <ReplayChart title="Share of input read from cache so far" x={charts.x} lines={charts.cache} format={formatShare} dark={dark} onHover={setHovered} onPick={pick} />
        </div>
      )}
      {charts && <HoverReadout lanes={shown} onPick={pick} />}
      <ReplayTable lanes={shown} />
      {meta && (
        <p className="m-0 text-[11.5px] text-zinc-600 dark:text-zinc-400" data-testid="replay-fixed">
          {plural(meta.requests, 'request')} (one per assistant message) over {plural(meta.messages, 'message')}; {fixedWords(meta)}
        </p>
      )}
    </section>
  );
}

function cumulative(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length);
  let sum = 0;
  for (let i = 0; i < values.length; i++) out[i] = sum += values[i] as number;
  return out;
}

function cumulativeShare(part: Float64Array, whole: Float64Array): Float64Array {
  const out = new Float64Array(part.length);
  let p = 0;
  let w = 0;
  for (let i = 0; i < part.length; i++) {
    p += part[i] as number;
    w += whole[i] as number;
    out[i] = w > 0 ? p / w : 0;
  }
  return out;
}
