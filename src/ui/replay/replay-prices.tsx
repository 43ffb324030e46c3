/**
 * Which prices the replay uses: a model of the price table (grouped by provider, the file's own first), the entry it
 * stands for when the table lacks the file's model, and prices the user types, which replace the table's.
 */
import { useId, useMemo, useState } from 'react';
import { findTableModel, formatNumber, hasHourWritePrice, hourWritePrice, providerLabel } from '../../core';
import { useReplay } from '../../state/react';
import type { PickerModel, PriceOverrides } from '../../worker/replay-protocol';
import { cx } from '../common/format';

const price = (v: number) => formatNumber(v, 'price');

const FIELD =
  'rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-[12px] text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';


const PRICE_FIELDS = [
  ['input', 'Input'],
  ['output', 'Output'],
  ['cacheRead', 'Cache read'],
  ['cacheWrite', 'Cache write'],
] as const;

/** The picker's groups: the provider of the file's model first, then the others by name; models by name within. */
export function groupModels(models: readonly PickerModel[], firstProvider: string | undefined): { provider: string; label: string; models: PickerModel[] }[] {
  const byProvider = new Map<string, PickerModel[]>();
  for (const m of models) {
    const list = byProvider.get(m.provider);
    if (list) list.push(m);
    else byProvider.set(m.provider, [m]);
  }
  const providers = [...byProvider.keys()].sort((a, b) => (a === firstProvider ? -1 : b === firstProvider ? 1 : providerLabel(a).localeCompare(providerLabel(b))));
  return providers.map((provider) => ({
    provider,
    label: providerLabel(provider),
    models: [...(byProvider.get(provider) ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true })),
  }));
}

export function ReplayPrices() {
  const settings = useReplay((s) => s.settings);
  const setSettings = useReplay((s) => s.setSettings);
  const meta = useReplay((s) => s.meta);
  const models = useReplay((s) => s.models);
  const fileModel = useReplay((s) => s.fileModel);
  const model = useReplay((s) => s.model);
  const needsPrices = useReplay((s) => s.needsPrices);
  const id = useId();
  // The fields keep what is typed ("1." on the way to "1.25"); they start again from the settings only on a reset.
  const [reset, setReset] = useState(0);

  // The entry the file's model stands for, so its provider's group comes first.
  const fileEntry = useMemo(() => (fileModel ? findTableModel(models.map((m) => m.id), fileModel)?.id : undefined), [models, fileModel]);
  const groups = useMemo(() => groupModels(models, (fileEntry ?? meta?.prices.model ?? model ?? '').split('/')[0]), [models, fileEntry, meta, model]);
  const entryName = (entry: string | undefined) => models.find((m) => m.id === entry)?.name ?? entry;
  const first = fileModel
    ? `The file's model, ${fileModel}${fileEntry && !fileEntry.endsWith(`/${fileModel}`) ? ` (priced as ${entryName(fileEntry)})` : ''}`
    : `The default, ${entryName(meta?.prices.model) ?? model ?? '…'}`;
  const overrides = settings.prices ?? {};
  const given = Object.keys(overrides).length > 0;

  return (
    <div className="flex flex-col gap-1.5 text-[12.5px]">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <label className="inline-flex items-center gap-1.5">
          Priced as
          <select aria-label="Model" className={`${FIELD} max-w-[28rem]`} value={settings.model ?? ''} onChange={(e) => setSettings({ model: e.currentTarget.value || undefined })}>
            <option value="">{first}</option>
            {groups.map((group) => (
              <optgroup key={group.provider} label={group.label}>
                {group.models.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <fieldset className={cx('m-0 flex flex-wrap items-center gap-2 rounded border-0 p-0', needsPrices && 'outline outline-2 outline-offset-4 outline-amber-500')}>
          <legend className="float-left mr-1 p-0 text-zinc-700 dark:text-zinc-300">Your prices, $ per million tokens:</legend>
          {/* Typing a price replays with it; a field left empty keeps the table's price, shown as its placeholder. */}
          <PriceFields key={reset} overrides={overrides} table={meta?.prices} onChange={(prices) => setSettings({ prices: Object.keys(prices).length > 0 ? prices : undefined })} idPrefix={id} />
          {given && (
            <button type="button" className="rounded px-1 text-[12px] font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300" onClick={() => {
                setSettings({ prices: undefined });
                setReset((n) => n + 1);
              }}
            >
              Use the table's prices
            </button>
          )}
        </fieldset>
      </div>
      {meta && (
        <p className="m-0 text-[12px] text-zinc-700 dark:text-zinc-300" data-testid="replay-priced-as">
          Priced as <span className="font-semibold">{meta.prices.name ?? meta.prices.model}</span>: input {price(meta.prices.input)}, output {price(meta.prices.output)}, cache read{' '}
          {price(meta.prices.cacheRead)}, cache write {price(meta.prices.cacheWrite)}
          {hasHourWritePrice(meta.prices) ? ` (1-hour ${price(hourWritePrice(meta.prices))})` : ''} per million tokens{meta.prices.source ? ` (${sourceWords(meta.prices.source)})` : ''}.
        </p>
      )}
    </div>
  );
}

/** The core's `source`, said for this view: "given" is what the user typed. */
function sourceWords(source: string): string {
  return source === 'given' ? 'the prices you typed' : source.replace(/; ((?:[a-zA-Z]+(?:, )?)+) given$/, (_, fields: string) => `; ${fields.replace(/cacheRead/g, 'cache read').replace(/cacheWrite/g, 'cache write')} as you typed`);
}

function PriceFields({ overrides, table, onChange, idPrefix }: { overrides: PriceOverrides; table: PriceOverrides | undefined; onChange: (prices: PriceOverrides) => void; idPrefix: string }) {
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(PRICE_FIELDS.map(([key]) => [key, overrides[key] === undefined ? '' : String(overrides[key])])));
  const isInvalid = (text: string) => text.trim() !== '' && !(Number.isFinite(Number(text)) && Number(text) >= 0);
  const bad = PRICE_FIELDS.filter(([key]) => isInvalid(draft[key] ?? ''));
  const errorId = `${idPrefix}-price-error`;
  return (
    <>
      {PRICE_FIELDS.map(([key, label]) => {
        const text = draft[key] ?? '';
        const invalid = isInvalid(text);
        return (
          <label key={key} className="inline-flex items-center gap-1" htmlFor={`${idPrefix}-${key}`}>
            {label}
            <input
              id={`${idPrefix}-${key}`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              placeholder={table?.[key] !== undefined && overrides[key] === undefined ? String(table[key]) : ''}
              className={cx(FIELD, 'w-20', invalid && 'border-rose-500')}
              value={text}
              onChange={(e) => {
                const next = { ...draft, [key]: e.currentTarget.value };
                setDraft(next);
                const prices: PriceOverrides = {};
                for (const [k] of PRICE_FIELDS) {
                  const t = (next[k] ?? '').trim();
                  const v = Number(t);
                  if (t === '') continue;
                  if (!(Number.isFinite(v) && v >= 0)) return;
                  prices[k] = v;
                }
                onChange(prices);
              }}
            />
          </label>
        );
      })}
      {bad.length > 0 && (
        // Said in words, not by a red border alone: until every typed price reads as one, the replay keeps the last
        // prices that did.
        <span id={errorId} role="alert" className="basis-full text-[12px] text-rose-700 dark:text-rose-300">
          {bad.map(([key, label]) => `${label}: “${(draft[key] ?? '').trim()}” is not a price`).join('; ')} (dollars per million tokens, 0 or
          more): the replay keeps the last prices that were.
        </span>
      )}
    </>
  );
}
