import { memo } from 'react';
import { useInspector, useInspectorStore } from '../../state/react';
import { laneLabels } from '../../worker/lanes';
import { LaneHeader } from '../lanes/lane-header';
import { AddLaneButton } from '../lanes/add-lane';
import { BudgetControl } from '../tune/budget-control';
import { FactsDisclosure } from './facts-disclosure';
import type { TotalComparison } from '../../core';
import { PROVIDER_LABEL, formatCompact, formatInt, formatUsd, plural } from '../common/format';
import { PendingUsage, RecordedUsage, pendingUsage } from '../tune/recorded-usage';

/** The budget control, facts, legend and lane headers: memoized, so a scroll never re-renders them. */
export const TimelineHead = memo(function TimelineHead() {
  const lanes = useInspector((s) => s.lanes);
  const labels = laneLabels(lanes);
  return (
    <div className="timeline-grid">
      <div className="col-span-6 flex min-w-0 flex-col gap-2 px-3 py-2">
        <BudgetControl />
        <FactsDisclosure facts={<TranscriptFacts />} legend={<FateLegend />} />
      </div>
      {lanes.map((lane, k) => (
        <LaneHeader key={lane.id} lane={lane} label={labels[k] ?? lane.strategy} position={k} count={lanes.length} />
      ))}
      <AddLaneButton />
    </div>
  );
});

/** Says when a jump cleared a filter to show its target, with a way to put the filter back. */
export function JumpNoticeBar() {
  const store = useInspectorStore();
  const notice = useInspector((s) => s.jumpNotice);
  if (!notice) return null;
  return (
    <div
      data-testid="jump-notice"
      className="flex basis-full items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-1.5 text-[12.5px] text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <span className="min-w-0 flex-1">{notice.text}</span>
      <button
        type="button"
        onClick={() => {
          store.getState().setFilters(notice.previous);
          store.getState().dismissJumpNotice();
        }}
        className="shrink-0 rounded px-1.5 font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
      >
        Restore filters
      </button>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => store.getState().dismissJumpNotice()}
        className="shrink-0 rounded px-1 text-amber-800 hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-amber-200 dark:hover:bg-amber-500/20"
      >
        ✕
      </button>
    </div>
  );
}

function FateLegend() {
  return (
    <p className="m-0 flex flex-wrap items-center gap-x-3 gap-y-1 text-[11px] text-zinc-600 dark:text-zinc-400">
      {(['kept', 'dropped', 'summarized', 'masked'] as const).map((fate) => (
        <span key={fate} className="inline-flex items-center gap-1">
          <span className={`fate fate-${fate} fate-legend-swatch`} aria-hidden="true" /> {fate[0]?.toUpperCase()}
          {fate.slice(1)}
        </span>
      ))}
      <span className="inline-flex items-center gap-1">
        <span className="inline-flex h-3.5 w-3.5 items-center justify-center rounded-full border-2 border-sky-500 text-[8px] font-bold text-sky-600 dark:border-sky-400 dark:text-sky-300" aria-hidden="true">
          ↓
        </span>
        call / ↑ result: hover to link
      </span>
    </p>
  );
}

/** The recorded line's height (two lines, `RecordedUsage` clamps to them), held while it is counted. */
const RECORDED_LINES = 'min-h-[2lh]';

function TranscriptFacts() {
  const doc = useInspector((s) => s.doc);
  const inputProblems = useInspector((s) => Object.values(s.verdicts)[0]?.inputProblemCount);
  const chosen = useInspector((s) => s.encoding);
  const countError = useInspector((s) => s.countError);
  if (!doc) return null;
  const pending = pendingUsage(doc, chosen, countError);
  const api = `${PROVIDER_LABEL[doc.provider]} API`;
  const input = inputProblems === undefined ? undefined : inputWords(inputProblems, doc.repair.on ? doc.repair.changeCount : 0);
  return (
    <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-[12px] text-zinc-600 dark:text-zinc-400">
      <dt className="text-zinc-600 dark:text-zinc-400">Unpruned</dt>
      <dd className="m-0 font-mono tabular-nums text-zinc-800 dark:text-zinc-200" title={`${formatInt(doc.totalChars)} characters`}>
        {formatInt(doc.count)} messages · {doc.encoding === 'chars' ? '≈' : ''}
        {formatCompact(doc.totalTokens)} tokens
        {doc.systemTokens > 0 ? ` + ${formatCompact(doc.systemTokens)} system` : ''}
      </dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Tokens</dt>
      <dd className="m-0">
        <TokenCounting />
      </dd>
      {doc.usage?.last && (
        <>
          <dt className="text-zinc-600 dark:text-zinc-400">Recorded</dt>
          <dd className={`m-0 ${RECORDED_LINES}`}>
            <RecordedUsage usage={doc.usage} />
          </dd>
        </>
      )}
      {pending.requests && <PendingUsage label="Recorded" className={RECORDED_LINES} />}
      {doc.usage?.total && <RecordedTotalFacts total={doc.usage.total} />}
      {pending.total && <PendingUsage label="Run total" />}
      <dt className="text-zinc-600 dark:text-zinc-400">Tool calls</dt>
      <dd className="m-0 font-mono tabular-nums text-zinc-800 dark:text-zinc-200" data-testid="tool-pairs">
        {plural(doc.pairCount, 'pair')}
        {doc.orphanCount > 0 ? ` · ${plural(doc.orphanCount, 'orphan block')}` : ''}
      </dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Checked as</dt>
      {/* One line, the whole in its title: the input's verdict comes a moment after the first paint, and a line that
          wrapped then moved the timeline down. */}
      <dd className="m-0 truncate text-zinc-800 dark:text-zinc-200" title={input === undefined ? api : `${api} · ${input}`}>
        {api}
        {input !== undefined && (
          <span className="text-zinc-600 dark:text-zinc-400" data-testid="input-problems">
            {' '}
            · {input}
          </span>
        )}
      </dd>
    </dl>
  );
}

/** The input's problems, and what repair did about them: "no problems" beside "Repaired: 3 changes" needs the link. */
export function inputWords(problems: number, repairs: number): string {
  if (repairs === 0) return `input has ${problems === 0 ? 'no problems' : plural(problems, 'problem')}`;
  return problems === 0 ? `input clean after ${plural(repairs, 'repair')}` : `input has ${plural(problems, 'problem')} after ${plural(repairs, 'repair')}`;
}

/** The run's recorded total beside the sum of what its requests held, counted: `122,612 in · counted 122,635 · $1.27`. */
function RecordedTotalFacts({ total: t }: { total: TotalComparison }) {
  const { total } = t;
  const recorded = [
    total.requests !== undefined ? plural(total.requests, 'request') : undefined,
    total.inputTokens !== undefined ? `${formatInt(total.inputTokens)} input` : undefined,
    total.outputTokens !== undefined ? `${formatInt(total.outputTokens)} output` : undefined,
    total.costUsd !== undefined ? `${formatUsd(total.costUsd)}${total.model !== undefined ? ` (${total.model})` : ''}` : undefined,
  ].filter((part) => part !== undefined);
  const title =
    `The file records what the whole run cost (${total.where}): ${recorded.join(', ')}. ` +
    `Counted: what the ${plural(t.countedRequests, 'request')} the messages show held (each assistant message answers one), summed. ` +
    'The difference is what the file does not hold (tool definitions, requests it did not keep) and the counts\' error.';
  return (
    <>
      <dt className="text-zinc-600 dark:text-zinc-400">Run total</dt>
      <dd className="m-0 font-mono tabular-nums text-zinc-800 dark:text-zinc-200" data-testid="recorded-total" title={title}>
        {total.inputTokens !== undefined ? `${formatInt(total.inputTokens)} in · counted ${formatInt(Math.round(t.countedInputTokens))}` : `counted ${formatInt(Math.round(t.countedInputTokens))} in`}
        {total.requests !== undefined ? ` · ${plural(total.requests, 'request')}` : ''}
        {total.costUsd !== undefined ? ` · ${formatUsd(total.costUsd)}` : ''}
      </dd>
    </>
  );
}

const ENCODINGS = [
  ['auto', 'as the format says'],
  ['claude', 'Claude'],
  ['o200k_base', 'OpenAI o200k'],
  ['cl100k_base', 'OpenAI cl100k'],
  ['chars', 'characters ÷ 4'],
] as const;

/** How tokens are counted, switchable, with progress while exact counts come in (rows update in place). */
function TokenCounting() {
  const encoding = useInspector((s) => s.encoding);
  const counted = useInspector((s) => s.doc?.encoding);
  const fallback = useInspector((s) => s.doc?.countFallback);
  const progress = useInspector((s) => s.countProgress);
  const error = useInspector((s) => s.countError);
  const setEncoding = useInspector((s) => s.setEncoding);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <select
        aria-label="Count tokens with"
        value={encoding}
        onChange={(e) => setEncoding(e.currentTarget.value as typeof encoding)}
        className="rounded border border-zinc-300 bg-white px-1 py-px text-[11.5px] text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {ENCODINGS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <span className="text-[11.5px] text-zinc-600 dark:text-zinc-400" data-testid="token-status" title={error ?? fallback}>
        {tokenStatus({ wanted: encoding, counted, progress, error, fallback })}
      </span>
    </span>
  );
}

/**
 * How the counts on screen were made. The first paint uses characters ÷ 4 while the vocabulary loads and the pool
 * counts: that phase says so, so figures that move when exact counts land are not a surprise.
 */
export function tokenStatus(s: { wanted: string; counted: string | undefined; progress: number | undefined; error: string | undefined; fallback: string | undefined }): string {
  if (s.error !== undefined) return `estimate (counting failed: ${s.error})`;
  if (s.counted !== 'chars') return `counted with ${s.counted}`;
  if (s.fallback) return 'estimate (vocabulary unavailable)';
  if (s.wanted === 'chars') return 'estimate (characters ÷ 4)';
  // Short enough to sit beside the select, as "counted with …" does: a status that wrapped moved the timeline.
  return `estimate — counting${s.progress !== undefined ? ` ${Math.round(s.progress * 100)}%` : '…'}`;
}
