import type { PrunerConfig, StrategyId } from '../strategies/registry';
import type { SweepOptions, SweepSetting, SweepSkip } from './types';
import { STRATEGY_REGISTRY } from '../strategies/registry';
import { getStrategy } from '../strategies/get-strategy';
import { sweepKnob } from './sweep-knob';
import { settingKey } from './setting-key';
import { formatNumber } from '../text/format-number';

export const DEFAULT_BOUND_FRACTIONS = [0.05, 0.1, 0.25, 0.5, 0.8] as const;
export const DEFAULT_TRIGGERS = [0.8] as const;
/** The governor plans 270 messages × 5 bounds in about 3 s stateless (O(n²)): much past this its sweep takes minutes. */
export const DEFAULT_SLOW_STATELESS_UP_TO = 200;

/** A setting of the grid, with the config that runs it (absent for `none`). */
export interface GridSetting extends SweepSetting {
  key: string;
  config?: PrunerConfig;
}

/**
 * The grid a sweep replays: no pruning first, then per strategy (registry order) and bound (ascending) its points.
 * A strategy that fires on its own (a `replay.trigger` hook, or applied by the provider) runs live, its knob set
 * to the bound; the others run stateless at the bound, and live at each trigger above it (a trigger at or below
 * the bound would have nothing to prune). A strategy with no knob has one point per mode, its window option (if
 * any) at the sweep's window. Points that are the
 * same setting (a knob clamped to its range) appear once. Above `slowStatelessUpTo` messages, slow strategies
 * without a fast stateless replay are live only, and those the provider applies (whose live replay is stateless)
 * are not swept; both are listed in `skipped`.
 */
export function listSweepSettings(count: number, options: SweepOptions): { settings: GridSetting[]; skipped: SweepSkip[] } {
  const window = options.window;
  const bounds = [...new Set((options.bounds ?? DEFAULT_BOUND_FRACTIONS.map((f) => Math.round(f * window))).map((b) => Math.floor(b)))].sort((a, b) => a - b);
  const triggers = [...new Set(options.triggers ?? DEFAULT_TRIGGERS)].sort((a, b) => a - b);
  const slowUpTo = options.slowStatelessUpTo ?? DEFAULT_SLOW_STATELESS_UP_TO;
  const ids: readonly StrategyId[] = options.strategies ?? STRATEGY_REGISTRY.map((s) => s.id);
  const settings: GridSetting[] = [{ strategy: 'none', options: {}, mode: 'stateless', key: settingKey({ strategy: 'none', options: {}, mode: 'stateless' }) }];
  const skipped: SweepSkip[] = [];
  const seen = new Set<string>();
  const add = (setting: SweepSetting) => {
    const key = settingKey(setting);
    if (seen.has(key)) return;
    seen.add(key);
    settings.push({ ...setting, key, config: { strategy: setting.strategy, ...setting.options } as PrunerConfig });
  };
  for (const id of ids) {
    const definition = getStrategy(id);
    const knob = sweepKnob(definition);
    const firesOwn = definition.replay?.trigger !== undefined || definition.replay?.serverSide === true;
    const slow = definition.slow === true && definition.replay?.stateless === undefined && count > slowUpTo;
    // Applied to the whole history before every request (context editing): its live replay is its stateless one.
    if (slow && definition.replay?.serverSide === true) {
      skipped.push({ strategy: id, mode: 'live', reason: `applied to the whole history before every request, each planned afresh (O(n²)); not swept over ${formatNumber(slowUpTo)} messages` });
      continue;
    }
    const slowSkip = slow && !firesOwn;
    if (slowSkip) skipped.push({ strategy: id, mode: 'stateless', reason: `plans every request afresh (O(n²)); over ${formatNumber(slowUpTo)} messages it is swept live only` });
    for (const bound of knob.kind === 'none' ? [undefined] : bounds) {
      const clamp = (value: number, range: { min: number; max: number }) => Math.min(range.max, Math.max(range.min, value));
      const options: Record<string, number> =
        knob.kind === 'none'
          ? knob.window === undefined ? {} : { [knob.window.key]: clamp(window, knob.window) }
          : bound === undefined ? {} : knob.kind === 'bound' ? { maxTokens: bound } : { [knob.key]: clamp(bound, knob) };
      if (firesOwn) {
        add({ strategy: id, options, mode: 'live' });
        continue;
      }
      if (!slowSkip) add({ strategy: id, options, mode: 'stateless' });
      for (const fraction of triggers) {
        const over = Math.round(fraction * window);
        if (bound !== undefined && over <= bound) continue;
        add({ strategy: id, options, mode: 'live', trigger: { kind: 'tokens', over } });
      }
    }
  }
  return { settings, skipped };
}
