import type { StrategyId, SweepOptions } from '../../lib/index';
import type { AdviseSettings } from './types';

/**
 * The grid `advise` sweeps a conversation on, at `window`: the settings' bounds, strategies (or `strategies`, a part
 * of them) and slow limit. One place for both the sweep of a thread and the merge of its parts, which must agree.
 */
export function sweepOptionsFor(settings: AdviseSettings, window: number, strategies?: readonly StrategyId[]): SweepOptions {
  const chosen = strategies ?? settings.strategies;
  return {
    window,
    ...(settings.bounds !== undefined ? { bounds: settings.bounds } : {}),
    ...(chosen !== undefined ? { strategies: chosen } : {}),
    ...(settings.slowStatelessUpTo !== undefined ? { slowStatelessUpTo: settings.slowStatelessUpTo } : {}),
  };
}
