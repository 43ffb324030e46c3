import { useId, useRef, useState } from 'react';
import { getStrategy, type OptionSpec, type StrategyId } from '../../core';
import type { Budget } from '../../worker/protocol';
import { fidelityText, laneOptionsError } from '../../worker/lanes';
import type { LaneOptions } from '../../state';
import { cx } from '../common/format';

export interface LaneDraft {
  options: LaneOptions;
  budget?: Budget;
}

const FIELD = 'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-[12.5px] text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/**
 * A strategy's options as a form, built from its option specs (no strategy is written out here), and an optional
 * budget of the lane's own. Calls `onSubmit` with the options that differ from their defaults, once they pass: a whole
 * number out of its range, or a value the core refuses (weights that are no numbers), is said at its field, which
 * takes the focus, and nothing is submitted (a number was clamped without a word, and a refused text left the lane
 * failing).
 */
export function LaneOptionsForm({ strategy, initial, submitLabel, onSubmit }: { strategy: StrategyId; initial: LaneDraft; submitLabel: string; onSubmit: (draft: LaneDraft) => void }) {
  const definition = getStrategy(strategy);
  const fidelity = fidelityText(strategy);
  const [values, setValues] = useState<LaneOptions>(() => ({ ...initial.options }));
  const [ownBudget, setOwnBudget] = useState(initial.budget !== undefined);
  const [budget, setBudget] = useState<Budget>(initial.budget ?? { unit: 'tokens', value: 50_000 });
  // A whole-number field's text as typed, so an out-of-range value stays on screen to be said, not clamped.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ key: string; message: string } | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const fieldId = (key: string) => `${id}-${key}`;

  const refuse = (key: string, message: string): false => {
    setError({ key, message });
    formRef.current?.querySelector<HTMLElement>(key === '' ? 'button[type="submit"]' : `[id="${fieldId(key)}"]`)?.focus();
    return false;
  };
  /** Submits the options when they pass; false when a field was refused. */
  const submit = (): boolean => {
    for (const spec of definition.options) {
      const text = typed[spec.key];
      if (spec.kind !== 'integer' || text === undefined) continue;
      const v = text.trim() === '' ? NaN : Number(text);
      if (!Number.isInteger(v) || v < spec.min || v > spec.max) {
        return refuse(spec.key, `${spec.label} takes a whole number from ${spec.min.toLocaleString('en-US')} to ${spec.max.toLocaleString('en-US')}; ${text.trim() === '' ? 'the field is empty' : `"${text}" is not one`}.`);
      }
    }
    const options: LaneOptions = {};
    for (const spec of definition.options) {
      const value = values[spec.key];
      if (value !== undefined && JSON.stringify(value) !== JSON.stringify(spec.default)) options[spec.key] = value;
    }
    const refused = laneOptionsError(strategy, options);
    if (refused !== undefined) {
      // The core's message names the option by its key ("weights.priority must be…"): said at that field.
      const spec = definition.options.find((o) => new RegExp(`(^|[^\\w])${o.key}\\b`).test(refused));
      return refuse(spec?.key ?? '', refused);
    }
    setError(undefined);
    onSubmit({ options, ...(ownBudget ? { budget } : {}) });
    return true;
  };

  return (
    <form
      ref={formRef}
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        // A refused submission goes no further: the popover around the form closes on a submit that reaches it.
        if (!submit()) e.stopPropagation();
      }}
    >
      <p className="m-0 text-[11.5px] text-zinc-600 dark:text-zinc-400">{definition.description}</p>
      {fidelity && <p className="m-0 text-[11.5px] text-amber-800 dark:text-amber-300">{fidelity}</p>}
      {definition.options.map((spec) => (
        <OptionField
          key={spec.key}
          spec={spec}
          id={fieldId(spec.key)}
          value={values[spec.key]}
          typed={typed[spec.key]}
          error={error?.key === spec.key ? error.message : undefined}
          onType={(text) => {
            setTyped((old) => ({ ...old, [spec.key]: text }));
            // The field's text changed: a message about what it held before no longer says what it holds.
            if (error?.key === spec.key) setError(undefined);
          }}
          onChange={(v) => {
            setValues((old) => ({ ...old, [spec.key]: v }));
            if (error?.key === spec.key) setError(undefined);
          }}
        />
      ))}
      {definition.bounds.length > 0 && (
        <fieldset className="m-0 flex flex-col gap-1 border-0 p-0">
          <label className="flex items-center gap-2 text-[12px]">
            <input type="checkbox" checked={ownBudget} onChange={(e) => setOwnBudget(e.currentTarget.checked)} />
            A budget of its own (instead of the shared one)
          </label>
          {ownBudget && (
            <div className="flex gap-2">
              <input
                aria-label="Own budget"
                type="number"
                min={0}
                value={budget.value}
                onChange={(e) => setBudget({ ...budget, value: Math.max(0, Math.round(e.currentTarget.valueAsNumber || 0)) })}
                className={cx(FIELD, 'flex-1 text-right font-mono')}
              />
              <select aria-label="Own budget unit" value={budget.unit} onChange={(e) => setBudget({ ...budget, unit: e.currentTarget.value as Budget['unit'] })} className={cx(FIELD, 'w-auto')}>
                {definition.bounds.includes('maxTokens') && <option value="tokens">tokens</option>}
                {definition.bounds.includes('maxTurns') && <option value="messages">messages</option>}
              </select>
            </div>
          )}
        </fieldset>
      )}
      {error?.key === '' && (
        <p role="alert" className="m-0 text-[11.5px] text-red-700 dark:text-red-400">
          {error.message}
        </p>
      )}
      <button
        type="submit"
        className="self-end rounded-md bg-indigo-600 px-3 py-1 text-[12.5px] font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
      >
        {submitLabel}
      </button>
    </form>
  );
}

interface OptionFieldProps {
  spec: OptionSpec;
  id: string;
  value: unknown;
  /** A whole-number field's text as typed, when it was typed. */
  typed: string | undefined;
  /** Why the form refused this field's value, said under it. */
  error: string | undefined;
  onType: (text: string) => void;
  onChange: (value: number | boolean | string | readonly string[]) => void;
}

function OptionField({ spec, id, value, typed, error, onType, onChange }: OptionFieldProps) {
  const hint = `${spec.description}${spec.kind === 'integer' ? ` ${spec.min.toLocaleString('en-US')}–${spec.max.toLocaleString('en-US')}.` : ''}`;
  const invalid = error !== undefined ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-error` } : {};
  if (spec.kind === 'boolean') {
    return (
      <label className="flex items-start gap-2 text-[12px]" title={hint}>
        <input type="checkbox" checked={(value as boolean | undefined) ?? spec.default} onChange={(e) => onChange(e.currentTarget.checked)} className="mt-0.5" />
        <span>
          {spec.label} <span className="text-zinc-600 dark:text-zinc-400">— {spec.description}</span>
        </span>
      </label>
    );
  }
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="text-[12px] font-medium text-zinc-800 dark:text-zinc-200">
        {spec.label}
      </label>
      {spec.kind === 'integer' ? (
        <input
          id={id}
          type="number"
          min={spec.min}
          max={spec.max}
          value={typed ?? String((value as number | undefined) ?? spec.default)}
          onChange={(e) => {
            const text = e.currentTarget.value;
            onType(text);
            const v = Number(text);
            if (text.trim() !== '' && Number.isInteger(v) && v >= spec.min && v <= spec.max) onChange(v);
          }}
          {...invalid}
          className={cx(FIELD, 'text-right font-mono')}
        />
      ) : spec.kind === 'choice' ? (
        <select id={id} value={(value as string | undefined) ?? spec.default} onChange={(e) => onChange(e.currentTarget.value)} className={FIELD}>
          {spec.choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      ) : spec.kind === 'text' ? (
        <input id={id} type="text" maxLength={spec.maxLength} value={(value as string | undefined) ?? spec.default} onChange={(e) => onChange(e.currentTarget.value)} {...invalid} className={FIELD} />
      ) : (
        <input
          id={id}
          type="text"
          placeholder="tool names, comma-separated"
          value={((value as readonly string[] | undefined) ?? spec.default).join(', ')}
          onChange={(e) => onChange(e.currentTarget.value.split(',').map((t) => t.trim()).filter(Boolean))}
          {...invalid}
          className={FIELD}
        />
      )}
      {error !== undefined && (
        <span id={`${id}-error`} role="alert" className="text-[11.5px] font-medium text-red-700 dark:text-red-400">
          {error}
        </span>
      )}
      <span className="text-[11px] text-zinc-600 dark:text-zinc-400">{hint}</span>
    </div>
  );
}
