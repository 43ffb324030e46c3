import { useState } from 'react';
import type { PruneStrategy } from '../../core';
import { useInspector } from '../../state';
import { STRATEGY_LABELS } from '../../worker/protocol';
import { FateIcon } from '../common/fate-badge';
import { cx, formatCompact, formatInt, formatPercent, formatTokens } from '../common/format';
import { downloadText, copyText } from '../common/clipboard';

/** A strategy's header: counts as text, kept size, % saved, the validator's verdict, export. */
export function LaneHeader({ strategy }: { strategy: PruneStrategy }) {
  const label = STRATEGY_LABELS[strategy];
  const plan = useInspector((s) => s.plans?.find((p) => p.strategy === strategy));
  const totalChars = useInspector((s) => s.doc?.totalChars ?? 0);
  const verdict = useInspector((s) =>
    s.verdictMaxTurns === s.planMaxTurns ? s.verdicts?.find((v) => v.strategy === strategy) : undefined,
  );
  const focused = useInspector((s) => s.focus === strategy);
  const setFocus = useInspector((s) => s.setFocus);
  const exportPruned = useInspector((s) => s.exportPruned);
  const announce = useInspector((s) => s.announce);
  const select = useInspector((s) => s.select);
  const [busy, setBusy] = useState(false);

  const saved = totalChars > 0 && plan ? 1 - plan.keptChars / totalChars : 0;

  async function runExport(kind: 'download' | 'copy') {
    setBusy(true);
    try {
      const result = await exportPruned(strategy);
      if (!result) return;
      if (kind === 'download') {
        downloadText(result.text, result.fileName, result.mimeType);
        announce(`Downloaded ${result.fileName}: ${result.messageCount} messages.${result.note ? ` ${result.note}` : ''}`);
      } else {
        await copyText(result.text);
        announce(`Copied the ${label} transcript: ${result.messageCount} messages.${result.note ? ` ${result.note}` : ''}`);
      }
    } catch (error) {
      announce(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  }

  const problem = verdict?.problems[0];
  return (
    <section
      role="region"
      aria-label={label}
      data-strategy={strategy}
      className={cx(
        'flex min-w-0 flex-col gap-px whitespace-nowrap border-l border-zinc-200 px-1.5 py-2 text-[11.5px] leading-[1.4] dark:border-zinc-800',
        focused && 'bg-indigo-50/70 dark:bg-indigo-500/10',
      )}
    >
      <h2 className="m-0">
        <button
          type="button"
          aria-pressed={focused}
          title={focused ? 'Unfocus this strategy' : 'Focus this strategy'}
          onClick={() => setFocus(focused ? undefined : strategy)}
          className={cx(
            'w-full truncate rounded text-left text-[12.5px] font-semibold text-zinc-900 hover:text-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-100 dark:hover:text-indigo-300',
            focused && 'text-indigo-700 dark:text-indigo-300',
          )}
        >
          {label}
        </button>
      </h2>
      {plan ? (
        <>
          <p className="m-0 flex items-center gap-1 text-[color:var(--kept)]">
            <FateIcon fate="kept" className="h-3 w-3" />
            <span className="truncate tabular-nums">{formatInt(plan.kept)} kept</span>
          </p>
          <p className="m-0 flex items-center gap-1 text-[color:var(--dropped)]">
            <FateIcon fate="dropped" className="h-3 w-3" />
            <span className="truncate tabular-nums">{formatInt(plan.dropped)} dropped</span>
          </p>
          <p className="m-0 flex items-center gap-1 text-[color:var(--summarized)]">
            <FateIcon fate="summarized" className="h-3 w-3" />
            <span className="truncate tabular-nums">{formatInt(plan.summarized)} summarized</span>
          </p>
          <p className="m-0 truncate text-zinc-600 tabular-nums dark:text-zinc-400" title={`${formatInt(plan.keptChars)} characters kept`}>
            {formatCompact(plan.keptChars)} chars kept
          </p>
          <p className="m-0 truncate text-zinc-600 tabular-nums dark:text-zinc-400">{formatTokens(plan.keptChars).replace(' tok', ' tokens')}</p>
          <p className="m-0 truncate font-medium text-zinc-800 tabular-nums dark:text-zinc-200">{formatPercent(saved)} saved</p>
          <p className="m-0 min-h-[1.35em] truncate" data-testid="verdict">
            {!verdict ? (
              <span className="text-zinc-400 dark:text-zinc-500">checking…</span>
            ) : verdict.problemCount === 0 ? (
              <span className="text-emerald-700 dark:text-emerald-300" title={`No problems, as the ${verdict.provider} API would check`}>
                ✓ API accepts
              </span>
            ) : (
              <button
                type="button"
                className={cx(
                  'max-w-full truncate rounded text-left underline decoration-dotted underline-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                  verdict.addedCount > 0 ? 'font-semibold text-rose-700 dark:text-rose-300' : 'text-zinc-600 dark:text-zinc-400',
                )}
                title={[
                  verdict.addedCount > 0
                    ? `${verdict.addedCount} problem(s) added by pruning`
                    : `No new problems: the input already has ${verdict.inputProblemCount}`,
                  ...verdict.problems.slice(0, 6).map((p) => `#${p.messageIndex < 0 ? 'summary' : p.messageIndex} ${p.inherited ? '(input) ' : ''}${p.rule}: ${p.message}`),
                ].join('\n')}
                onClick={() => problem && problem.messageIndex >= 0 && select(problem.messageIndex, { scroll: true })}
              >
                {verdict.addedCount > 0
                  ? `✗ ${verdict.addedCount} new ${verdict.addedCount === 1 ? 'problem' : 'problems'}`
                  : `● ${verdict.problemCount} from input`}
              </button>
            )}
          </p>
          <div className="mt-1 flex gap-1">
            <button
              type="button"
              disabled={busy}
              onClick={() => void runExport('download')}
              aria-label={`Download ${label} transcript`}
              title="Download the pruned transcript in the source format"
              className="rounded border border-zinc-300 px-1.5 py-0.5 text-[11px] text-zinc-700 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              Download
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void runExport('copy')}
              aria-label={`Copy ${label} transcript`}
              title="Copy the pruned transcript in the source format"
              className="rounded border border-zinc-300 px-1.5 py-0.5 text-[11px] text-zinc-700 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              Copy
            </button>
          </div>
        </>
      ) : (
        <p className="m-0 text-zinc-400">—</p>
      )}
    </section>
  );
}
