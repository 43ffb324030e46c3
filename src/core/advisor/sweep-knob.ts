import type { RegisteredStrategy } from '../strategies/registry';

/** An option that moves a strategy's own trigger (`triggerAt`, `triggerTokens`, `contextWindow`, `condenseAtTokens`). */
const TRIGGER_KEY = /trigger|window|condense/i;

/** What a sweep varies in a strategy: the shared token bound, one of its own options in tokens, or nothing. */
export type SweepKnob = { kind: 'bound' } | { kind: 'option'; key: string; min: number; max: number } | { kind: 'none' };

/**
 * The knob a sweep turns for a strategy, read from its definition (nothing lists strategies by hand): the shared
 * `maxTokens` bound when it takes one; else the first integer option in tokens that sets its trigger or window (a
 * peer's `triggerAt`, `contextWindow`, …: settings up to 100,000 or less, counts of messages or results, and
 * percentages are not it); else none, and the strategy is swept at its defaults only.
 */
export function sweepKnob(definition: RegisteredStrategy): SweepKnob {
  if (definition.bounds.includes('maxTokens')) return { kind: 'bound' };
  for (const option of definition.options) {
    if (option.kind !== 'integer' || !TRIGGER_KEY.test(option.key) || option.max <= 100_000) continue;
    if (option.unit === 'messages' || option.unit === 'results') continue;
    return { kind: 'option', key: option.key, min: option.min, max: option.max };
  }
  return { kind: 'none' };
}
