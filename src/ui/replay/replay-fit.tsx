/**
 * How far the no-pruning replay is from the bill the file recorded, figure by figure against the targets a baseline
 * must meet to be evidence; why a figure misses (the core's words, which the CLI prints too); what the file says
 * about its cache; every request side by side with the cache rule it followed; and the requests beside the lanes.
 */
import { useState } from 'react';
import { explainRecordedFit, RECORDED_FIT_TARGETS, type RecordedComparison, type RecordedRequestCheck } from '../../core';
import { useReplay } from '../../state/react';
import { BASELINE_ID } from '../../worker/replay-protocol';
import { formatInt, formatUsd } from '../common/format';

const signed = (x: number, digits = 1): string => `${x < 0 ? '−' : '+'}${Math.abs(x * 100).toFixed(digits)}%`;

function Figure({ label, value, target, ok }: { label: string; value: string; target: string; ok: boolean }) {
  return (
    <li className="inline-flex items-baseline gap-1.5">
      <span className="text-zinc-600 dark:text-zinc-400">{label}</span>
      <span className="font-semibold tabular-nums">{value}</span>
      <span
        className={`rounded px-1.5 text-[11px] font-medium ${ok ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'}`}
      >
        {ok ? 'within' : 'outside'} {target}
      </span>
    </li>
  );
}

export function RecordedFit({ onPick }: { onPick: (messageIndex: number) => void }) {
  const recorded = useReplay((s) => s.recorded);
  const meta = useReplay((s) => s.meta);
  const baseline = useReplay((s) => s.lanes[BASELINE_ID]?.totals.costUsd);
  if (!recorded || !meta) return null;
  const fit = explainRecordedFit(recorded, {
    calibrated: meta.calibrated === true,
    ...(meta.unrecordedInput !== undefined ? { unrecordedInput: meta.unrecordedInput } : {}),
    outputPrice: meta.prices.output,
  });
  const t = RECORDED_FIT_TARGETS;
  return (
    <section aria-label="Against the recorded bill" className="flex flex-col gap-1.5 text-[12.5px] text-zinc-700 dark:text-zinc-300">
      <ul className="m-0 flex list-none flex-wrap gap-x-5 gap-y-1 p-0" aria-label="No pruning against the recorded bill, against the targets">
        <Figure label="Input" value={signed(fit.inputError)} target={`±${t.input * 100}%`} ok={fit.within.input} />
        <Figure label="Read from cache" value={`${fit.sharePoints < 0 ? '−' : '+'}${Math.abs(fit.sharePoints * 100).toFixed(1)} points`} target={`±${t.sharePoints * 100} points`} ok={fit.within.share} />
        <Figure label="Bill" value={signed(fit.costError)} target={`±${t.bill * 100}%`} ok={fit.within.bill} />
      </ul>
      {fit.notes.length > 0 && (
        <ul className="m-0 list-disc pl-5 text-[12px]" aria-label="Why the replay parts from the recorded bill">
          {fit.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {meta.harness && meta.harness.notes.length > 0 && (
        <p className="m-0 text-[12px]" data-testid="replay-harness">
          Beside the lanes, the same in each: {meta.harness.notes.join('; ')}.{baseline !== undefined ? ` With them, no pruning comes to ${formatUsd(baseline + meta.harness.totalUsd)}.` : ''}
        </p>
      )}
      {meta.cacheNotes && meta.cacheNotes.length > 0 && (
        <details className="text-[12px]">
          <summary className="cursor-pointer font-medium">What the file says about its cache ({meta.cacheNotes.length})</summary>
          <ul className="m-0 mt-1 list-disc pl-5">
            {meta.cacheNotes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </details>
      )}
      <PerRequest recorded={recorded} onPick={onPick} />
    </section>
  );
}

const CELL = 'px-2 py-1 text-right';

/** Every request against the file, drawn only once opened (a session can hold thousands). */
function PerRequest({ recorded, onPick }: { recorded: RecordedComparison; onPick: (messageIndex: number) => void }) {
  const [open, setOpen] = useState(false);
  const rows = recorded.perRequest ?? [];
  if (rows.length === 0) return null;
  const differing = recorded.ruleMismatches ?? 0;
  return (
    <details className="text-[12px]" onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer font-medium">
        Per request: recorded against replayed ({formatInt(rows.length)}
        {recorded.ruleMismatches !== undefined ? `; ${differing === 0 ? 'every cache rule as the file shows' : `${formatInt(differing)} by another cache rule`}` : ''})
      </summary>
      {open && (
        <div className="scroll-thin mt-1 max-h-80 overflow-auto">
          <table className="w-full border-collapse tabular-nums">
            <caption className="sr-only">Each request: what the file recorded and what the no-pruning replay found</caption>
            <thead className="sticky top-0 bg-white dark:bg-zinc-950">
              <tr className="border-b border-zinc-200 text-[11px] text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
                <th scope="col" className="px-2 py-1 text-left font-semibold">
                  Message
                </th>
                <th scope="col" className="px-2 py-1 text-left font-semibold" title="The cache rule the file's read shows / the one the replay followed">
                  Cache rule
                </th>
                <th scope="col" className={CELL}>Input recorded</th>
                <th scope="col" className={CELL}>replayed</th>
                <th scope="col" className={CELL}>Read recorded</th>
                <th scope="col" className={CELL}>replayed</th>
                <th scope="col" className={CELL}>Cost recorded</th>
                <th scope="col" className={CELL}>replayed</th>
                <th scope="col" className={CELL} title="The replayed cost against the recorded one (the summary's per-request error is of input tokens)">
                  Cost difference
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <Row key={row.messageIndex} row={row} onPick={onPick} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}

function Row({ row, onPick }: { row: RecordedRequestCheck; onPick: (messageIndex: number) => void }) {
  const rule = `${row.recordedRule ?? '–'} / ${row.cacheRule}`;
  return (
    <tr className={`border-b border-zinc-100 dark:border-zinc-900 ${row.ruleDiffers === true ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}>
      <th scope="row" className="px-2 py-1 text-left font-normal">
        <button type="button" className="text-indigo-700 hover:underline dark:text-indigo-300" onClick={() => onPick(row.messageIndex)}>
          #{row.messageIndex}
        </button>
      </th>
      <td className="px-2 py-1 text-left">
        {rule}
        {row.ruleDiffers === true ? <span className="ml-1 font-semibold text-amber-800 dark:text-amber-200">differs</span> : null}
      </td>
      <td className={CELL}>{formatInt(row.recordedInputTokens)}</td>
      <td className={CELL}>{formatInt(row.replayedInputTokens)}</td>
      <td className={CELL}>{formatInt(row.recordedCacheReadTokens)}</td>
      <td className={CELL}>{formatInt(row.replayedCacheReadTokens)}</td>
      <td className={CELL}>{formatUsd(row.recordedCostUsd)}</td>
      <td className={CELL}>{formatUsd(row.replayedCostUsd)}</td>
      <td className={CELL}>{row.recordedCostUsd > 0 ? signed(row.replayedCostUsd / row.recordedCostUsd - 1, 0) : '–'}</td>
    </tr>
  );
}
