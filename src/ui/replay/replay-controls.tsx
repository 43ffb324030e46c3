/** The replay's settings: how the agent prunes (every request, or when a trigger fires), the model, calibration. */
import { useId, useState } from 'react';
import type { ReplayTrigger } from '../../core';
import { useReplay } from '../../state/react';
import { formatInt } from '../common/format';
import { ReplayPrices } from './replay-prices';

export const FIELD =
  'rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-[12px] text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

export function ReplayControls() {
  const settings = useReplay((s) => s.settings);
  const meta = useReplay((s) => s.meta);
  const setSettings = useReplay((s) => s.setSettings);
  const id = useId();
  const trigger = settings.trigger;

  // The trigger's number as typed, while it is not one the replay takes: it stays on screen and is said, never
  // clamped or dropped in silence (150 % read as 100, 0 as the last value).
  const [typed, setTyped] = useState<{ kind: ReplayTrigger['kind']; text: string } | undefined>();
  const setTrigger = (next: ReplayTrigger) => setSettings({ trigger: next });
  const triggerValue = trigger.kind === 'fraction' ? Math.round(trigger.of * 100) : trigger.kind === 'tokens' ? trigger.over : trigger.requests;
  const draft = typed?.kind === trigger.kind ? typed.text : undefined;
  const wanted = trigger.kind === 'fraction' ? 'a whole percentage from 1 to 100' : trigger.kind === 'tokens' ? 'a whole number of tokens, 1 or more' : 'a whole number of requests, 1 or more';
  const errorId = `${id}-trigger-error`;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-[12.5px]">
        <fieldset className="m-0 flex items-center gap-3 border-0 p-0">
          <legend className="sr-only">When the agent prunes</legend>
          <label className="inline-flex items-center gap-1.5" title="Prune the whole history before every request">
            <input type="radio" name={`${id}-mode`} checked={settings.mode === 'stateless'} onChange={() => setSettings({ mode: 'stateless' })} />
            Before every request
          </label>
          <label className="inline-flex items-center gap-1.5" title="Keep sending what was sent; prune only when the trigger fires (as Claude Code, Codex and OpenHands do)">
            <input type="radio" name={`${id}-mode`} checked={settings.mode === 'live'} onChange={() => setSettings({ mode: 'live' })} />
            When
          </label>
          <select
            aria-label="Trigger"
            disabled={settings.mode !== 'live'}
            className={FIELD}
            value={trigger.kind}
            onChange={(e) => {
              const kind = e.currentTarget.value;
              const window = meta?.window ?? 200_000;
              if (kind === 'fraction') setTrigger({ kind: 'fraction', of: 0.8, window });
              else if (kind === 'tokens') setTrigger({ kind: 'tokens', over: Math.round(window / 2) });
              else setTrigger({ kind: 'every', requests: 10 });
            }}
          >
            <option value="fraction">a request passes % of the window</option>
            <option value="tokens">a request passes N tokens (all it sends)</option>
            <option value="every">every N requests</option>
          </select>
          <input
            aria-label={trigger.kind === 'fraction' ? 'Percent of the window' : trigger.kind === 'tokens' ? 'Tokens' : 'Requests'}
            disabled={settings.mode !== 'live'}
            type="number"
            className={`${FIELD} w-24`}
            min={1}
            max={trigger.kind === 'fraction' ? 100 : undefined}
            value={draft ?? triggerValue}
            {...(draft !== undefined ? { 'aria-invalid': true as const, 'aria-errormessage': errorId } : {})}
            onChange={(e) => {
              const text = e.currentTarget.value;
              const value = text.trim() === '' ? NaN : Number(text);
              if (!Number.isInteger(value) || value < 1 || (trigger.kind === 'fraction' && value > 100)) {
                setTyped({ kind: trigger.kind, text });
                return;
              }
              setTyped(undefined);
              if (trigger.kind === 'fraction') setTrigger({ ...trigger, of: value / 100 });
              else if (trigger.kind === 'tokens') setTrigger({ kind: 'tokens', over: value });
              else setTrigger({ kind: 'every', requests: value });
            }}
          />
          {trigger.kind === 'fraction' && meta && <span className="text-zinc-600 dark:text-zinc-400">of {formatInt(meta.window)}</span>}
        </fieldset>
        {draft !== undefined && settings.mode === 'live' && (
          <span id={errorId} role="alert" className="basis-full text-[12px] text-rose-700 dark:text-rose-300">
            “{draft.trim()}” is not {wanted}: the replay keeps the last trigger that was.
          </span>
        )}
        {meta?.hasRecorded && (
          <label
            className="inline-flex items-center gap-1.5"
            title="Add what each recorded request held beyond the file (reminders, hook output) to the message before it, so no pruning matches the bill"
          >
            <input type="checkbox" checked={settings.calibrate} onChange={(e) => setSettings({ calibrate: e.currentTarget.checked })} />
            Fit to the recorded bill
          </label>
        )}
      </div>
      <ReplayPrices />
    </div>
  );
}
