/**
 * What the file says its last request cost, as a sum on the page: the tokens counted in the messages it held, plus
 * what the file does not hold (system prompt and tool definitions, estimated from the first request; the rest is
 * what the agent added to later requests without writing it down: reminders, hook output).
 */
import type { DocSummary, UsageSummary } from '../../worker/protocol';
import { splitRecordedInput } from '../../core';
import { formatInt } from '../common/format';

export function recordedSum(usage: UsageSummary): { sum: string; detail?: string } | undefined {
  const last = usage.last;
  if (!last) return undefined;
  const { counted, rest, fixed, later } = splitRecordedInput(last.recorded, last.counted, usage.fixedTokens);
  if (rest < 0) return { sum: `last request ${formatInt(last.recorded)} = ${formatInt(counted)} counted − ${formatInt(-rest)}`, detail: '(our count of its messages runs over the bill)' };
  const sum = `last request ${formatInt(last.recorded)} = ${formatInt(counted)} counted + ${formatInt(rest)} not in the file`;
  if (fixed === undefined) return { sum, detail: '(system prompt and tool definitions)' };
  return { sum, detail: `(≈${formatInt(fixed)} system prompt and tools${later > 0 ? ` at first; ${formatInt(later)} added later` : ''})` };
}

const RECORDED_TITLE =
  'Counted: the messages the last request held, counted here. Not in the file: the system prompt and tool definitions every request carries (estimated from the first request shown: the replay, which sends the whole history, estimates it from the first request of the file), and what the agent added to later requests without writing it down (reminders, hook output).';

export function RecordedUsage({ usage }: { usage: UsageSummary }) {
  const words = recordedSum(usage);
  if (!words) return null;
  return (
    // Two lines at most, the whole in the title: a line that wrapped to three at some widths when the counts came in
    // moved the timeline below it.
    <span
      className="line-clamp-2 tabular-nums text-zinc-800 dark:text-zinc-200"
      title={`${words.sum}${words.detail ? ` ${words.detail}` : ''}\n\n${RECORDED_TITLE}`}
    >
      <span data-testid="recorded-usage">{words.sum}</span>
      {words.detail && (
        <>
          {' '}
          <span className="text-[11px] text-zinc-600 dark:text-zinc-400" data-testid="recorded-detail">
            {words.detail}
          </span>
        </>
      )}
    </span>
  );
}

/**
 * The recorded-usage lines still to come with the exact counts: while they are counted their place is held, so the
 * timeline below does not move down when they arrive. Nothing is held when the counts will not come (characters ÷ 4
 * chosen, a vocabulary that failed, an error).
 */
export function pendingUsage(doc: Pick<DocSummary, 'usage' | 'expectsUsage' | 'encoding' | 'countFallback'>, chosen: string, countError: string | undefined): { requests: boolean; total: boolean } {
  const counting = doc.encoding === 'chars' && doc.countFallback === undefined && chosen !== 'chars' && countError === undefined;
  return {
    requests: counting && doc.usage?.last === undefined && doc.expectsUsage.requests,
    total: counting && doc.usage?.total === undefined && doc.expectsUsage.total,
  };
}

/** The place of a recorded-usage line while it is counted, as tall as the line to come (`className`). */
export function PendingUsage({ label, className = '' }: { label: string; className?: string }) {
  return (
    <>
      <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className={`m-0 text-zinc-500 dark:text-zinc-400 ${className}`} data-testid="usage-pending" aria-busy="true">
        counting…
      </dd>
    </>
  );
}
