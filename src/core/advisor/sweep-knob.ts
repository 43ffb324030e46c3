import type { RegisteredStrategy } from '../strategies/registry';

/** An option that moves a strategy's own trigger (`triggerAt`, `triggerTokens`, `condenseAtTokens`). */
const TRIGGER_KEY = /trigger|condense/i;
/** An option that says the model's window, from which a peer derives its trigger (Claude Code's, Codex's). */
const WINDOW_KEY = /window/i;

/**
 * What a sweep varies in a strategy: the shared token bound, one of its own trigger options, or nothing; `window`
 * names an option set to the sweep's window (one point: the system as it runs with that model).
 */
export type SweepKnob = { kind: 'bound' } | { kind: 'option'; key: string; min: number; max: number } | { kind: 'none'; window?: { key: string; min: number; max: number } };

/**
 * The knob a sweep turns for a strategy, read from its definition (nothing lists strategies by hand): the shared
 * `maxTokens` bound when it takes one; else the first integer option in tokens that sets its trigger (a peer's
 * `triggerAt`, `triggerTokens`, `condenseAtTokens`: options up to 100,000 or less, counts of messages or results,
 * and percentages are not it); else none, and the strategy is swept at its defaults only, with its window option
 * (Claude Code's and Codex's `contextWindow`, from which they place their compaction) set to the sweep's window.
 * Sweeping such a window would ask what the peer does with a model of another size, and below its reserve and
 * buffer (33,000 tokens for Claude Code) it compacts before every request: no setting a user could run.
 */
export function sweepKnob(definition: RegisteredStrategy): SweepKnob {
  if (definition.bounds.includes('maxTokens')) return { kind: 'bound' };
  let window: { key: string; min: number; max: number } | undefined;
  for (const option of definition.options) {
    if (option.kind !== 'integer' || option.max <= 100_000) continue;
    if (option.unit === 'messages' || option.unit === 'results') continue;
    if (TRIGGER_KEY.test(option.key)) return { kind: 'option', key: option.key, min: option.min, max: option.max };
    if (WINDOW_KEY.test(option.key)) window ??= { key: option.key, min: option.min, max: option.max };
  }
  return window === undefined ? { kind: 'none' } : { kind: 'none', window };
}
