/**
 * The Advisor view: which setting to run. Every strategy is swept over a grid of bounds and live triggers in a worker
 * (each point replayed, priced and scored by probes of what was lost); the cost-versus-loss frontier is drawn with
 * the dominated settings faint; the recommendation is said in words with its reason, under the user's constraints.
 * A point (or a row of the table under the chart) adds its setting as a lane in the timeline.
 */
import { useMemo, useState } from 'react';
import { MAX_LANES } from '../../state';
import { useAdvisor, useInspector } from '../../state/react';
import { formatNumber, type AdvicePoint } from '../../core';
import { plural } from '../common/format';
import { peopleText } from '../common/people-text';
import { useDark } from '../common/use-dark';
import { AdvisorChart } from './advisor-chart';
import { AdvisorConstraints, AdvisorRun } from './advisor-controls';
import { AdvisorTable } from './advisor-table';

export default function AdvisorPanel() {
  const status = useAdvisor((s) => s.status);
  const sweep = useAdvisor((s) => s.sweep);
  const advice = useAdvisor((s) => s.advice);
  const error = useAdvisor((s) => s.error);
  const setHovered = useAdvisor((s) => s.setHovered);
  const addAsLane = useAdvisor((s) => s.addAsLane);
  const model = useAdvisor((s) => s.model);
  const pricedWith = useAdvisor((s) => s.pricedWith);
  const ms = useAdvisor((s) => s.ms ?? 0);
  const lanesFull = useInspector((s) => s.lanes.length >= MAX_LANES);
  const dark = useDark();
  const [showAll, setShowAll] = useState(false);

  const frontier = useMemo(() => new Set(advice?.frontier.map((p) => p.key)), [advice?.frontier]);
  const points = advice?.points;
  const none = useMemo(() => points?.find((p) => p.strategy === 'none'), [points]);
  const recommended = advice?.recommendation?.key;
  const { rows, alike } = useMemo(() => {
    if (!advice) return { rows: [], alike: new Map<string, number>() };
    if (showAll) return { rows: [...advice.points].sort((a, b) => Number(!frontier.has(a.key)) - Number(!frontier.has(b.key)) || a.costUsd - b.costUsd || a.loss - b.loss), alike: new Map<string, number>() };
    return groupAlike(advice.frontier, recommended);
  }, [advice, showAll, frontier, recommended]);
  const recommendedPoint = advice?.points.find((p) => p.key === recommended);

  return (
    <section aria-label="Advisor" className="scroll-thin flex min-h-0 min-w-0 flex-1 flex-col gap-3 overflow-auto p-4">
      <p className="m-0 max-w-[80ch] text-[12.5px] text-zinc-700 dark:text-zinc-300">
        Which setting should this agent run? The advisor replays the conversation under every strategy at five bounds
        (5% to 80% of the window), before every request and live, prices each with prompt caching, and scores what
        each loses by probes drawn from the transcript: the task, later requests, files, errors, the last plan.
        It runs in a worker of its own: the timeline stays free.
      </p>
      <AdvisorRun />
      {status === 'error' && error && (
        <p role="alert" className="m-0 rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-[12.5px] text-rose-900 dark:border-rose-800 dark:bg-rose-950/40 dark:text-rose-200">
          The advisor could not run: {peopleText(error)}
        </p>
      )}
      <AdvisorConstraints />
      {advice && sweep && (
        <>
          <section aria-labelledby="advisor-recommendation" className="rounded-md border border-amber-300 bg-amber-50/60 px-3 py-2 text-[13px] dark:border-amber-800/70 dark:bg-amber-950/20">
            <h2 id="advisor-recommendation" className="m-0 text-[13px] font-semibold">
              {advice.recommendation ? 'Recommendation' : 'No recommendation'}
            </h2>
            <p className="m-0 mt-1" data-testid="advisor-reason">
              {advice.reason.charAt(0).toUpperCase() + advice.reason.slice(1)}
            </p>
            <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-[12px] text-zinc-600 dark:text-zinc-400">
              <span>
                {plural(advice.feasible, 'setting')} of {advice.points.length} meet the constraints; {plural(sweep.probes, 'probe')} over {plural(sweep.messages, 'message')}, window{' '}
                {formatNumber(sweep.window)} tokens
                {model !== undefined && `; priced as ${model}${pricedWith && pricedWith !== model ? ` (${pricedWith})` : ''}, as in Replay; swept in ${(ms / 1000).toFixed(1)} s`}.
              </span>
              {recommendedPoint && recommendedPoint.strategy !== 'none' && (
                <button
                  type="button"
                  disabled={lanesFull}
                  onClick={() => addAsLane(recommendedPoint)}
                  className="rounded border border-amber-400 px-2 py-0.5 font-medium text-amber-950 hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-amber-700 dark:text-amber-100 dark:hover:bg-amber-900/40"
                >
                  Add the recommendation as a lane
                </button>
              )}
            </div>
          </section>
          <Legend dark={dark} />
          <div className="grid grid-cols-1 gap-4 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <AdvisorChart points={advice.points} frontier={frontier} recommended={recommended} dark={dark} none={none} onHover={setHovered} onPick={(p) => addAsLane(p)} />
            <div className="min-w-0">
              <AdvisorTable
                rows={rows}
                alike={alike}
                frontier={frontier}
                recommended={recommended}
                none={none}
                lanesFull={lanesFull}
                caption={showAll ? `Every setting (${advice.points.length}), the frontier first` : `The frontier: ${plural(advice.frontier.length, 'setting')} that no other beats on both cost and loss`}
              />
              <label className="mt-2 inline-flex items-center gap-1.5 text-[12px] text-zinc-700 dark:text-zinc-300">
                <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.currentTarget.checked)} />
                Show the dominated settings too
              </label>
            </div>
          </div>
          {sweep.skipped.length > 0 && (
            <ul className="m-0 list-none p-0 text-[11.5px] text-zinc-600 dark:text-zinc-400">
              {sweep.skipped.map((s) => (
                <li key={`${s.strategy} ${s.mode}`}>
                  Not swept: {s.strategy} {s.mode}: {s.reason}.
                </li>
              ))}
            </ul>
          )}
          <p className="m-0 text-[11.5px] text-zinc-600 dark:text-zinc-400">
            A lane shows what a setting keeps of the whole transcript, which is what its loss is scored on; how it is applied (before every request, or live) changes what the requests cost: see
            Replay.
          </p>
        </>
      )}
    </section>
  );
}

/**
 * The frontier with settings of equal cost and loss in one row (on a short transcript, every bound it never reaches
 * is no pruning again): the recommendation heads its group, else no pruning, else the first.
 */
function groupAlike(frontier: readonly AdvicePoint[], recommended: string | undefined): { rows: AdvicePoint[]; alike: Map<string, number> } {
  const groups: AdvicePoint[][] = [];
  for (const p of frontier) {
    const head = groups.at(-1)?.[0];
    if (head && head.costUsd === p.costUsd && head.loss === p.loss) groups.at(-1)?.push(p);
    else groups.push([p]);
  }
  const alike = new Map<string, number>();
  const rows = groups.map((group) => {
    const head = group.find((p) => p.key === recommended) ?? group.find((p) => p.strategy === 'none') ?? (group[0] as AdvicePoint);
    if (group.length > 1) alike.set(head.key, group.length - 1);
    return head;
  });
  return { rows, alike };
}

function Legend({ dark }: { dark: boolean }) {
  return (
    <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0 text-[12px]" aria-label="Marks in the chart">
      <li className="inline-flex items-center gap-1.5">
        <span className="inline-block h-2 w-2 rounded-full" style={{ background: dark ? '#818cf8' : '#4f46e5' }} aria-hidden="true" />
        On the frontier (joined by the line)
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className="inline-block h-2 w-2 rounded-full" style={{ background: dark ? 'rgba(161,161,170,0.45)' : 'rgba(82,82,91,0.35)' }} aria-hidden="true" />
        Dominated: another setting is cheaper and loses no more
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className="inline-block h-3 w-3 rounded-full border-2" style={{ borderColor: dark ? '#fbbf24' : '#d97706' }} aria-hidden="true" />
        Recommended
      </li>
    </ul>
  );
}
