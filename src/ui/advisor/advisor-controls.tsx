/** The advisor's run (with its progress and a way to stop it) and the constraints the recommendation must meet. */
import { useId, useState } from 'react';
import type { KeepTarget } from '../../core';
import { useAdvisor } from '../../state/react';
import { formatInt, plural } from '../common/format';
import { FIELD } from '../replay/replay-controls';

const KEEPS: readonly [KeepTarget, string][] = [
  ['task', 'the task'],
  ['requests', 'later requests'],
  ['files', 'files read or edited'],
  ['errors', 'errors'],
  ['plan', 'the last plan'],
];

const BUTTON = 'rounded-md px-3 py-1 text-[12.5px] font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

const PHASES = { reading: 'Reading the file', parsing: 'Parsing', counting: 'Counting tokens', sweeping: 'Sweeping' } as const;

export function AdvisorRun() {
  const status = useAdvisor((s) => s.status);
  const progress = useAdvisor((s) => s.progress);
  const swept = useAdvisor((s) => s.sweep !== undefined);
  const run = useAdvisor((s) => s.run);
  const stop = useAdvisor((s) => s.stop);
  const running = status === 'running';
  return (
    <div className="flex flex-wrap items-center gap-3 text-[12.5px]">
      {running ? (
        <button type="button" onClick={stop} className={`${BUTTON} border border-zinc-300 text-zinc-800 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800`}>
          Stop
        </button>
      ) : (
        <button type="button" onClick={run} className={`${BUTTON} bg-indigo-600 text-white hover:bg-indigo-700 dark:bg-indigo-500 dark:hover:bg-indigo-400`}>
          {swept ? 'Run the advisor again' : 'Run the advisor'}
        </button>
      )}
      {running && progress && (
        <span role="status" className="inline-flex items-center gap-2 text-zinc-700 dark:text-zinc-300">
          <progress aria-label="Sweep progress" className="h-2 w-40" max={progress.total} value={progress.phase === 'sweeping' ? progress.done : undefined} />
          {PHASES[progress.phase]}
          {progress.phase === 'sweeping' && `: ${formatInt(progress.done)} of ${plural(progress.total, 'replay')}`}
        </span>
      )}
    </div>
  );
}

export function AdvisorConstraints() {
  const constraints = useAdvisor((s) => s.constraints);
  const window = useAdvisor((s) => s.sweep?.window);
  const setConstraints = useAdvisor((s) => s.setConstraints);
  const windows = useAdvisor((s) => s.windows);
  const [picked, setPicked] = useState('');
  const id = useId();
  const keep = constraints.keep ?? [];
  const toggle = (target: KeepTarget, on: boolean) => {
    const next = on ? [...keep, target] : keep.filter((k) => k !== target);
    setConstraints({ keep: next.length > 0 ? next : undefined });
  };
  const number = (text: string): number | undefined => (text.trim() === '' || !(Number(text) >= 0) ? undefined : Number(text));
  return (
    <fieldset className="m-0 flex flex-wrap items-center gap-x-5 gap-y-2 rounded-md border border-zinc-200 px-3 py-2 text-[12.5px] dark:border-zinc-800">
      <legend className="px-1 text-[12px] font-semibold text-zinc-700 dark:text-zinc-300">Constraints</legend>
      <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1" role="group" aria-label="Never lose">
        <span className="text-zinc-600 dark:text-zinc-400">Never lose</span>
        {KEEPS.map(([target, words]) => (
          <label key={target} className="inline-flex items-center gap-1">
            <input type="checkbox" checked={keep.includes(target)} onChange={(e) => toggle(target, e.currentTarget.checked)} />
            {words}
          </label>
        ))}
      </span>
      <label className="inline-flex items-center gap-1.5" htmlFor={`${id}-window`}>
        No request over
        <input
          id={`${id}-window`}
          type="number"
          min={1}
          className={`${FIELD} w-24`}
          placeholder={window !== undefined ? String(window) : 'the window'}
          value={constraints.window ?? ''}
          onChange={(e) => setConstraints({ window: number(e.currentTarget.value) || undefined })}
        />
        tokens
      </label>
      {windows.length > 0 && (
        <label className="inline-flex items-center gap-1.5">
          or the window of
          <select
            className={`${FIELD} max-w-56`}
            value={windows.find((m) => m.id === picked)?.window === constraints.window ? picked : ''}
            onChange={(e) => {
              const model = windows.find((m) => m.id === e.currentTarget.value);
              setPicked(model?.id ?? '');
              setConstraints({ window: model?.window });
            }}
          >
            <option value="">a model…</option>
            {windows.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({formatInt(m.window)})
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="inline-flex items-center gap-1.5" htmlFor={`${id}-cost`}>
        At most
        <input
          id={`${id}-cost`}
          type="number"
          min={0}
          className={`${FIELD} w-16`}
          placeholder="any"
          value={constraints.maxExtraCost !== undefined ? Math.round(constraints.maxExtraCost * 100) : ''}
          onChange={(e) => {
            const value = number(e.currentTarget.value);
            setConstraints({ maxExtraCost: value !== undefined ? value / 100 : undefined });
          }}
        />
        % more than no pruning
      </label>
    </fieldset>
  );
}
