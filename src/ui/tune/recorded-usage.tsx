/**
 * What the file says its last request cost, as a sum on the page: the tokens counted in the messages it held, plus
 * what the file does not hold (system prompt and tool definitions, estimated from the first request; the rest is
 * what the agent added to its requests without writing it down).
 */
import type { UsageSummary } from '../../worker/protocol';
import { formatInt } from '../common/format';

export function recordedSum(usage: UsageSummary): { sum: string; detail?: string } | undefined {
  const last = usage.last;
  if (!last) return undefined;
  const counted = Math.round(last.counted);
  const rest = last.recorded - counted;
  const sum = `last request ${formatInt(last.recorded)} = ${formatInt(counted)} counted in its messages ${rest >= 0 ? '+' : '−'} ${formatInt(Math.abs(rest))} ${rest >= 0 ? 'not in the file' : 'counted over the bill'}`;
  if (rest < 0) return { sum, detail: 'Our count of the messages runs over what the provider billed.' };
  const fixed = usage.fixedTokens === undefined ? undefined : Math.min(rest, Math.round(usage.fixedTokens));
  if (fixed === undefined || fixed <= 0) return { sum, detail: 'Not in the file: the system prompt and tool definitions the agent sends with every request.' };
  const more = rest - fixed;
  return {
    sum,
    detail: `Not in the file: system prompt and tools, ≈${formatInt(fixed)} (estimated from the first request)${more > 0 ? `, and ${formatInt(more)} the agent added to later requests without writing it down (reminders, hook output)` : ''}.`,
  };
}

export function RecordedUsage({ usage }: { usage: UsageSummary }) {
  const words = recordedSum(usage);
  if (!words) return null;
  return (
    <span className="flex flex-col">
      <span className="font-mono tabular-nums text-zinc-800 dark:text-zinc-200" data-testid="recorded-usage">
        {words.sum}
      </span>
      {words.detail && <span className="text-[11px] text-zinc-600 dark:text-zinc-400" data-testid="recorded-detail">{words.detail}</span>}
    </span>
  );
}
