import { useId } from 'react';
import { useInspector } from '../../state';
import { SystemPromptLine } from './system-prompt';

/** The bound: a slider and a number input, both named "Max turns", 0 … message count. */
export function MaxTurnsControl() {
  const count = useInspector((s) => s.doc?.count ?? 0);
  const maxTurns = useInspector((s) => s.maxTurns);
  const busy = useInspector((s) => s.planMaxTurns !== s.maxTurns);
  const setMaxTurns = useInspector((s) => s.setMaxTurns);
  const hintId = useId();
  const disabled = count === 0;

  // The slider and the number box are one control: same name, range, value and description.
  const bound = { 'aria-label': 'Max turns', 'aria-describedby': hintId, min: 0, max: count, step: 1, value: maxTurns, disabled };
  return (
    <div className="flex min-w-0 flex-col gap-1.5" aria-busy={busy}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="shrink-0 text-[11px] font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Max turns</span>
        <span id={hintId} className="min-w-0 text-right text-[11px] text-zinc-500 dark:text-zinc-400" data-testid="max-turns-hint">
          messages each strategy is asked to keep, 0–{count}; tool pairs stay whole, so counts can differ
        </span>
      </div>
      <div className="flex items-center gap-3">
        <input
          type="range"
          {...bound}
          onChange={(e) => setMaxTurns(e.currentTarget.valueAsNumber)}
          className="h-1.5 min-w-0 flex-1 cursor-pointer accent-indigo-600 dark:accent-indigo-400"
        />
        <input
          type="number"
          {...bound}
          onChange={(e) => {
            const v = e.currentTarget.valueAsNumber;
            if (!Number.isNaN(v)) setMaxTurns(v);
          }}
          className="w-20 rounded-md border border-zinc-300 bg-white px-2 py-1 text-right font-mono text-sm tabular-nums text-zinc-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
      </div>
      <SystemPromptLine />
    </div>
  );
}
