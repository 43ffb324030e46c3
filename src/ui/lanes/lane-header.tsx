import { useState } from 'react';
import type { PruneStrategy } from '../../core';
import { planFor, useInspector } from '../../state';
import { STRATEGY_LABELS } from '../../worker/protocol';
import { FateIcon } from '../common/fate-badge';
import { PROVIDER_LABEL, cx, formatCompact, formatInt, formatTokens } from '../common/format';
import { downloadText, copyText } from '../common/clipboard';
import { Popover } from '../layout/popover';
import { formatSaved, keptOverNote, keptUnderNote, verdictWords } from './lane-text';
import type { Verdict } from '../../worker/protocol';

/** A strategy's header: counts as text, kept size, % saved, the validator's verdict, export. */
export function LaneHeader({ strategy }: { strategy: PruneStrategy }) {
  const label = STRATEGY_LABELS[strategy];
  const plan = useInspector((s) => planFor(s.plans, strategy));
  const totalChars = useInspector((s) => s.doc?.totalChars ?? 0);
  const verdict = useInspector((s) =>
    s.verdictMaxTurns === s.planMaxTurns ? s.verdicts?.find((v) => v.strategy === strategy) : undefined,
  );
  const planMaxTurns = useInspector((s) => s.planMaxTurns);
  const systemChars = useInspector((s) => s.doc?.systemChars ?? 0);
  const focused = useInspector((s) => s.focus === strategy);
  const setFocus = useInspector((s) => s.setFocus);
  const exportPruned = useInspector((s) => s.exportPruned);
  const announce = useInspector((s) => s.announce);
  const [busy, setBusy] = useState(false);

  const overNote = plan ? keptOverNote(strategy, plan.kept, planMaxTurns) : undefined;
  const underNote = plan ? keptUnderNote(strategy, plan.kept, planMaxTurns) : undefined;
  const systemNote = systemChars > 0 ? `; the ${formatInt(systemChars)}-character system prompt is sent as well and is not counted` : '';

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
          <p
            className="m-0 flex items-center gap-1 text-[color:var(--kept)]"
            title={underNote ?? (overNote ? `Max turns is ${planMaxTurns}: ${overNote}` : `Max turns is ${planMaxTurns}`)}
          >
            <FateIcon fate="kept" className="h-3 w-3" />
            <span className="truncate tabular-nums">{formatInt(plan.kept)} kept</span>
          </p>
          {overNote && (
            <p className="m-0 whitespace-normal pl-4 text-[10.5px] leading-tight text-zinc-600 dark:text-zinc-400" data-testid="kept-note">
              {overNote}
            </p>
          )}
          <p className="m-0 flex items-center gap-1 text-[color:var(--dropped)]">
            <FateIcon fate="dropped" className="h-3 w-3" />
            <span className="truncate tabular-nums">{formatInt(plan.dropped)} dropped</span>
          </p>
          <p className="m-0 flex items-center gap-1 text-[color:var(--summarized)]">
            <FateIcon fate="summarized" className="h-3 w-3" />
            <span className="truncate tabular-nums">{formatInt(plan.summarized)} summarized</span>
          </p>
          <p className="m-0 truncate text-zinc-600 tabular-nums dark:text-zinc-400" title={`${formatInt(plan.keptChars)} characters kept in messages${systemNote}`}>
            {formatCompact(plan.keptChars)} chars kept
          </p>
          <p className="m-0 truncate text-zinc-600 tabular-nums dark:text-zinc-400">{formatTokens(plan.keptChars).replace(' tok', ' tokens')}</p>
          <p
            className="m-0 truncate font-medium text-zinc-800 tabular-nums dark:text-zinc-200"
            title={`${formatInt(totalChars - plan.keptChars)} of ${formatInt(totalChars)} message characters not sent${systemNote}`}
          >
            {formatSaved(plan.keptChars, totalChars)} saved
          </p>
          <div className="m-0 min-h-[1.35em]" data-testid="verdict">
            {!verdict ? <span className="text-zinc-400 dark:text-zinc-500">checking…</span> : <VerdictView verdict={verdict} label={label} />}
          </div>
          <div className="mt-1 flex gap-1">
            <ExportButton verb="Download" label={label} disabled={busy} onClick={() => void runExport('download')} />
            <ExportButton verb="Copy" label={label} disabled={busy} onClick={() => void runExport('copy')} />
          </div>
        </>
      ) : (
        <p className="m-0 text-zinc-400">—</p>
      )}
    </section>
  );
}

/** An export action on a lane: "Download" or "Copy" the pruned transcript. */
function ExportButton({ verb, label, disabled, onClick }: { verb: 'Download' | 'Copy'; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onClick}
      aria-label={`${verb} ${label} transcript`}
      title={`${verb} the pruned transcript in the source format`}
      className="rounded border border-zinc-300 px-1.5 py-0.5 text-[11px] text-zinc-700 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      {verb}
    </button>
  );
}

/** The validator's verdict: accepts, or rejects with a count and where the problems come from; each problem on demand. */
function VerdictView({ verdict, label }: { verdict: Verdict; label: string }) {
  const select = useInspector((s) => s.select);
  const words = verdictWords(verdict);
  const api = `${PROVIDER_LABEL[verdict.provider]} API`;
  if (verdict.problemCount === 0) {
    return (
      <span className="font-medium text-emerald-700 dark:text-emerald-300" title={`The ${api} accepts the pruned messages. ${words.sentence}`}>
        {words.head}
      </span>
    );
  }
  const added = verdict.addedCount > 0;
  return (
    <Popover
      buttonLabel={`${label}: ${api} rejects: ${words.detail}. Show the problems`}
      buttonClassName="block w-full whitespace-normal rounded text-left leading-tight hover:bg-rose-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:bg-rose-500/10"
      button={
        <>
          <span className="block font-semibold text-rose-700 dark:text-rose-300">{words.head}</span>
          <span className={cx('block text-[10.5px] underline decoration-dotted underline-offset-2', added ? 'text-rose-700 dark:text-rose-300' : 'text-zinc-600 dark:text-zinc-400')}>
            {words.detail}
          </span>
        </>
      }
      panelLabel={`${label}: API problems`}
      width={440}
    >
      <>
        <p className="m-0 px-1 text-[12.5px] font-semibold text-zinc-900 dark:text-zinc-100">
          {label}: the {api} would reject this request
        </p>
        <p className="m-0 px-1 pb-1.5 pt-0.5 text-[11.5px] text-zinc-500 dark:text-zinc-400">{words.sentence}</p>
        <ol className="m-0 list-none p-0">
          {verdict.problems.map((p, i) => (
            <li key={i} className="flex items-start gap-2 border-t border-zinc-100 px-1 py-1.5 leading-snug dark:border-zinc-800">
              {p.messageIndex >= 0 ? (
                <button
                  type="button"
                  title={`Select message #${p.messageIndex}`}
                  data-popover-close
                  onClick={() => select(p.messageIndex, { scroll: true })}
                  className="shrink-0 rounded border border-zinc-300 px-1 font-mono text-[11px] tabular-nums text-indigo-700 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:text-indigo-300 dark:hover:bg-indigo-500/15"
                >
                  #{p.messageIndex}
                </button>
              ) : (
                <span className="shrink-0 font-mono text-[11px] text-zinc-500">summary</span>
              )}
              <span className="min-w-0 flex-1">
                <span className="block break-words">{p.message}</span>
                <span className="block font-mono text-[10.5px] text-zinc-500">
                  {p.rule} · {p.inherited ? 'in the input too' : 'added by pruning'}
                </span>
              </span>
            </li>
          ))}
          {verdict.problemCount > verdict.problems.length && (
            <li className="border-t border-zinc-100 px-1 py-1.5 text-zinc-500 dark:border-zinc-800">
              …and {formatInt(verdict.problemCount - verdict.problems.length)} more
            </li>
          )}
        </ol>
      </>
    </Popover>
  );
}
