import { useId, useState } from 'react';
import { useInspector } from '../../state/react';
import { planKey } from '../../worker/lanes';
import { cx, formatCompact, formatInt } from '../common/format';
import { SystemPromptLine } from './system-prompt';

/** Context windows users prune for, as presets beside the slider. */
const WINDOWS = [200_000, 400_000, 1_000_000];

/**
 * The one bound every lane is asked to meet: tokens by default (so lanes answer "what does each strategy keep in
 * 50k tokens"), messages as a switch. A slider and a number box, both named for the unit, 0 … the transcript's size.
 */
export function BudgetControl() {
  const count = useInspector((s) => s.doc?.count ?? 0);
  const totalTokens = useInspector((s) => Math.ceil(s.doc?.totalTokens ?? 0));
  const budget = useInspector((s) => s.budget);
  const busy = useInspector((s) => s.lanes.some((lane) => s.plans[lane.id] !== undefined && s.plans[lane.id]?.key !== planKey(lane, s.budget, s.pinned, s.doc?.epoch ?? 0)));
  const setBudget = useInspector((s) => s.setBudget);
  const setBudgetUnit = useInspector((s) => s.setBudgetUnit);
  const announce = useInspector((s) => s.announce);
  const hintId = useId();
  // The preset last clicked that is more than the whole transcript (at which size), so the hint can say what it did.
  const [capped, setCapped] = useState<{ window: number; max: number } | null>(null);
  // Until exact counts land, token figures are the characters ÷ 4 estimate (unless that is what was asked for).
  const estimating = useInspector((s) => s.doc?.encoding === 'chars' && s.encoding !== 'chars' && s.countError === undefined && s.doc.countFallback === undefined);
  const atDefault = useInspector((s) => s.budget.unit === 'tokens' && s.budget.value === Math.round((s.doc?.totalTokens ?? 0) / 2));
  const disabled = count === 0;
  const tokens = budget.unit === 'tokens';
  const max = tokens ? totalTokens : count;
  const name = tokens ? 'Max tokens' : 'Max messages';
  const set = (value: number) => {
    setCapped(null);
    setBudget({ unit: budget.unit, value });
  };
  // A window bigger than the transcript holds all of it: the slider goes to the end, and the hint and the announcer
  // say why (it used to move there without a word, and "1M" showing 65,164 read as a bug).
  const preset = (w: number) => {
    set(Math.min(w, max));
    if (w <= max) return;
    setCapped({ window: w, max });
    announce(cappedWords(w, max));
  };
  const cappedShown = tokens && capped !== null && capped.max === max && budget.value === max ? capped.window : undefined;
  const hint =
    cappedShown !== undefined
      ? cappedWords(cappedShown, max)
      : !tokens
        ? `messages each lane may keep, 0–${formatInt(max)}; tool pairs stay whole, so counts can differ`
        : `tokens of messages each lane may send, 0–${formatInt(max)}${estimating ? ' by the estimate' : ''}`;

  // The slider and the number box are one control: same name, range, value and description.
  const bound = { 'aria-label': name, 'aria-describedby': hintId, min: 0, max, step: tokens ? Math.max(1, Math.round(max / 1000)) : 1, value: budget.value, disabled };
  // The slider steps by a thousandth of the range, exactly, so its far end is the whole transcript (a rounded step
  // that does not divide the total stopped short of it, and the sliding window dropped a message there).
  const sliderStep = tokens && max > 1000 ? max / 1000 : bound.step;
  return (
    <div className="flex min-w-0 flex-col gap-1.5" aria-busy={busy}>
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <div className="flex items-center gap-2">
          <span className="shrink-0 text-[11px] font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">Budget</span>
          <div role="radiogroup" aria-label="Budget unit" className="inline-flex overflow-hidden rounded-md border border-zinc-300 text-[11.5px] dark:border-zinc-700">
            {(['tokens', 'messages'] as const).map((unit) => (
              <button
                key={unit}
                type="button"
                role="radio"
                aria-checked={budget.unit === unit}
                onClick={() => setBudgetUnit(unit)}
                className={cx(
                  'px-2 py-0.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500',
                  budget.unit === unit ? 'bg-indigo-600 text-white' : 'bg-white text-zinc-700 hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800',
                )}
              >
                {unit}
              </button>
            ))}
          </div>
        </div>
        {tokens && (
          <div className="flex items-center gap-1" aria-label="Context window presets" role="group">
            {WINDOWS.map((w) => (
              <button
                key={w}
                type="button"
                disabled={disabled}
                onClick={() => preset(w)}
                title={w >= max ? `${formatCompact(w)} window: the whole transcript (${formatInt(max)} tokens) fits` : `A ${formatCompact(w)}-token window`}
                className="rounded border border-zinc-300 px-1.5 py-px text-[11px] text-zinc-700 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
              >
                {formatCompact(w)}
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="flex items-center gap-3">
        <input type="range" {...bound} step={sliderStep} onChange={(e) => set(Math.round(e.currentTarget.valueAsNumber))} className="h-1.5 min-w-0 flex-1 cursor-pointer accent-indigo-600 dark:accent-indigo-400" />
        <input
          type="number"
          {...bound}
          step={1}
          onChange={(e) => {
            const v = e.currentTarget.valueAsNumber;
            if (!Number.isNaN(v)) set(v);
          }}
          className="w-24 rounded-md border border-zinc-300 bg-white px-2 py-1 text-right font-mono text-sm tabular-nums text-zinc-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
      </div>
      {/* The estimate's hint no longer than the exact one's: a hint that lost a line when the counts came in moved the
          timeline up. The rest is in the title. */}
      <span
        id={hintId}
        className="text-[11px] text-zinc-600 dark:text-zinc-400"
        data-testid="budget-hint"
        title={tokens ? `The system prompt is sent apart.${estimating && atDefault ? ' The default, half the transcript, moves to half the exact count when it comes.' : ''}` : undefined}
      >
        {hint}
      </span>
      <SystemPromptLine />
    </div>
  );
}

/** What a preset bigger than the transcript did; no longer than the estimate's hint, so the line never wraps. */
function cappedWords(window: number, max: number): string {
  return `${formatCompact(window)} holds the whole transcript: the budget is all ${formatInt(max)} tokens`;
}
