/**
 * What the replay's figures cannot say on their own: a trigger that never fired (every lane then sends what no
 * pruning sends), requests over the model's window (with a budget that fits, one click away), and what every request
 * adds beside its messages.
 */
import type { ReactNode } from 'react';
import { useInspector, useReplay } from '../../state/react';
import type { ReplayMeta } from '../../worker/replay-protocol';
import { formatCompact, formatInt, plural } from '../common/format';
import type { TableLane } from './replay-table';

const BUTTON =
  'rounded border border-indigo-300 bg-indigo-50 px-2 py-0.5 text-[12px] font-medium text-indigo-800 hover:bg-indigo-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-indigo-500/40 dark:bg-indigo-500/10 dark:text-indigo-200 dark:hover:bg-indigo-500/20';

/** The share of the window a suggested budget fills with messages and the fixed part; the rest is room for the answer. */
const WINDOW_SHARE = 0.8;

/** A token budget under which every request fits the window, with room for the answer; at least 1,000. */
export function budgetForWindow(window: number, fixedTokens: number): number {
  return Math.max(1000, Math.floor((WINDOW_SHARE * window - fixedTokens) / 1000) * 1000);
}

/** What every request sends beside its messages, and where the figure comes from. */
export function fixedWords(meta: Pick<ReplayMeta, 'fixedTokens' | 'systemTokens' | 'hasRecorded'>): string {
  const { fixedTokens, systemTokens, hasRecorded } = meta;
  const estimated = Math.max(0, fixedTokens - systemTokens);
  if (hasRecorded && estimated > 0) {
    // Said once when the file holds no system prompt of its own (it read "31,710 tokens …: 31,710 tokens of …").
    if (systemTokens === 0) return `every request also sends ${formatInt(fixedTokens)} tokens of system prompt and tool definitions the file does not hold, estimated from the file's first recorded request.`;
    return `every request also sends ${formatInt(fixedTokens)} tokens the messages do not hold: the file's ${formatInt(systemTokens)}-token system prompt, and ${formatInt(estimated)} tokens of system prompt and tool definitions the file does not hold, estimated from the file's first recorded request.`;
  }
  if (hasRecorded) return `every request also sends ${systemTokens > 0 ? `the file's ${formatInt(systemTokens)}-token system prompt` : 'nothing beyond its messages'}; the recorded usage shows nothing more.`;
  if (systemTokens > 0) return `every request also sends the file's ${formatInt(systemTokens)}-token system prompt. The file records no usage, so tool definitions it does not hold are not counted.`;
  return 'the file holds no system prompt and records no usage, so each request is priced on its messages alone (a system prompt or tool definitions would add to every request).';
}

export function ReplayHints({ lanes }: { lanes: TableLane[] }) {
  const meta = useReplay((s) => s.meta);
  const settings = useReplay((s) => s.settings);
  const setSettings = useReplay((s) => s.setSettings);
  const status = useReplay((s) => s.status);
  const budget = useInspector((s) => s.budget);
  const setBudget = useInspector((s) => s.setBudget);
  const baseline = lanes[0]?.replay;
  if (!meta || !baseline) return null;
  const hints: ReactNode[] = [];

  if (settings.mode === 'live' && meta.triggerFiresAt === -1) {
    const t = settings.trigger;
    const peak = baseline.peakInputTokens;
    const what =
      t.kind === 'fraction'
        ? `no request passes ${Math.round(t.of * 100)}% of the ${formatCompact(meta.window)}-token window (${formatInt(t.of * meta.window)} tokens)`
        : t.kind === 'tokens'
          ? `no request passes ${formatInt(t.over)} tokens`
          : `there are ${plural(meta.requests, 'request')}, fewer than ${formatInt(t.requests)}`;
    const over = Math.max(1, Math.round(peak / 2));
    hints.push(
      <p key="trigger" className="m-0" data-testid="replay-hint-trigger">
        <span className="font-semibold">The trigger never fired:</span> {what}; the largest sends {formatInt(peak)}. So no lane pruned, and each sends what no pruning sends.{' '}
        <button type="button" className={BUTTON} onClick={() => setSettings({ trigger: { kind: 'tokens', over } })}>
          Prune past {formatCompact(over)} tokens
        </button>
      </p>,
    );
  }

  const replayed = lanes.filter((l) => l.id !== lanes[0]?.id && l.replay !== undefined);
  const over = replayed.filter((l) => (l.replay?.overWindow ?? 0) > 0);
  if (over.length > 0 && status !== 'running') {
    const worst = Math.max(...over.map((l) => l.replay?.overWindow ?? 0));
    const who = over.length === replayed.length ? 'In every lane' : `In ${over.map((l) => l.label).join(', ')}`;
    const suggestion = budgetForWindow(meta.window, meta.fixedTokens);
    const canHelp = budget.unit === 'messages' || budget.value > suggestion;
    hints.push(
      <p key="window" className="m-0" data-testid="replay-hint-window">
        <span className="font-semibold">
          {who}, requests go over the {formatCompact(meta.window)}-token window
        </span>{' '}
        (up to {formatInt(worst)} of {formatInt(meta.requests)}).{' '}
        {canHelp ? (
          <>
            A budget of {formatInt(suggestion)} tokens fits: with the {formatInt(meta.fixedTokens)} tokens every request adds
            {meta.fixedTokens > meta.window / 2 ? ` (${Math.round((meta.fixedTokens / meta.window) * 100)}% of the window on their own)` : ''}, it fills {Math.round(WINDOW_SHARE * 100)}% of the
            window and leaves the rest for the answer.{' '}
            <button type="button" className={BUTTON} onClick={() => setBudget({ unit: 'tokens', value: suggestion })}>
              Set the budget to {formatCompact(suggestion)} tokens
            </button>
          </>
        ) : (
          'The budget already fits the window: those lanes do not meet it (masking keeps every message; a lane with its own limits or a message bound answers to those).'
        )}
      </p>,
    );
  }
  if (hints.length === 0) return null;
  return <div className="flex flex-col gap-1.5 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-[12.5px] text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">{hints}</div>;
}
