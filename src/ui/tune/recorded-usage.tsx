/**
 * What the file says its last request cost, as a sum on the page: the tokens counted in the messages it held, plus
 * what the file does not hold (system prompt and tool definitions, estimated from the first request; the rest is
 * what the agent added to later requests without writing it down: reminders, hook output).
 */
import type { UsageSummary } from '../../worker/protocol';
import { formatInt } from '../common/format';

export function recordedSum(usage: UsageSummary): { sum: string; detail?: string } | undefined {
  const last = usage.last;
  if (!last) return undefined;
  const counted = Math.round(last.counted);
  const rest = last.recorded - counted;
  if (rest < 0) return { sum: `last request ${formatInt(last.recorded)} = ${formatInt(counted)} counted − ${formatInt(-rest)}`, detail: '(our count of its messages runs over the bill)' };
  const sum = `last request ${formatInt(last.recorded)} = ${formatInt(counted)} counted + ${formatInt(rest)} not in the file`;
  const fixed = usage.fixedTokens === undefined ? undefined : Math.min(rest, Math.round(usage.fixedTokens));
  if (fixed === undefined || fixed <= 0) return { sum, detail: '(system prompt and tool definitions)' };
  const more = rest - fixed;
  return { sum, detail: `(≈${formatInt(fixed)} system prompt and tools${more > 0 ? `; ${formatInt(more)} added later` : ''})` };
}

export function RecordedUsage({ usage }: { usage: UsageSummary }) {
  const words = recordedSum(usage);
  if (!words) return null;
  return (
    <span
      className="tabular-nums text-zinc-800 dark:text-zinc-200"
      title="Counted: the messages the last request held, counted here. Not in the file: the system prompt and tool definitions every request carries (estimated from the first request), and what the agent added to later requests without writing it down (reminders, hook output)."
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
